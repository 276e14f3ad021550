import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Goods } from '../../contract/endpoints/payment';
import { openApp as openAppAt, testDisplayConfig } from './support/open-app';
import { recentApiCalls } from '../../src/lib/api-log';
import { activateLocale } from '../../src/i18n/i18n';

const displayConfig = testDisplayConfig({
  more: [{ key: 'blog', href: 'https://blog.kestrel.example' }],
  help: [
    { key: 'faq', href: '/faq' },
    { key: 'studentDiscount', href: 'https://blog.kestrel.example/student' },
  ],
  affiliateContact: 'https://t.me/kestrel',
  supportEmail: 'support@kestrel.example',
});

/** The real app on a visitor with no token, with this file's display config. */
const openApp = (path: string, answers: ReadonlyArray<[readonly unknown[], unknown]> = []) =>
  openAppAt(path, displayConfig, answers);

beforeAll(() => {
  // Pages are lazy chunks that Vite transforms on first import: on a busy machine the first one
  // takes longer than Testing Library's default second to appear.
  configure({ asyncUtilTimeout: 10_000 });
  // jsdom implements no scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => {};
});
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await activateLocale('en');
});
afterEach(cleanup);

describe('guards', () => {
  it('sends a visitor from /user/* to /login with the way back', async () => {
    const { router } = await openApp('/user/device');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/user/device' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('shows the 404 page for unknown addresses and unknown clauses', async () => {
    await openApp('/clause/cookies');
    expect(
      await screen.findByRole('heading', { name: "Sorry, we couldn't find that page." }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('serves the three legal clauses', async () => {
    await openApp('/clause/canary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Warrant canary' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Warrant canary · Kestrel VPN'));
  });
});

describe('Chinese spacing between two messages', () => {
  it('puts no space after a Chinese full stop, one after an English one', async () => {
    await activateLocale('zh-CN');
    await openApp('/apple-help');
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/iCloud。\S/);
    cleanup();
    await activateLocale('en');
    await openApp('/apple-help');
    expect((await screen.findByRole('note')).textContent).toMatch(/iCloud\. \S/);
  });
});

describe('the login form', () => {
  it('shows each field error inline, tied to its input, and sends nothing', async () => {
    await openApp('/login');
    const submit = await screen.findByRole('button', { name: 'Log in' });
    const form = submit.closest('form')!;
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(submit);

    const account = within(form).getByLabelText('Username, email or phone');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    const accountError = document.getElementById(account.getAttribute('aria-describedby')!);
    expect(accountError?.textContent).toBe('Please enter your username, email or phone');

    const password = within(form).getByLabelText('Password');
    const passwordError = document.getElementById(password.getAttribute('aria-describedby')!);
    expect(passwordError?.textContent).toBe('Password must be at least 8 characters');

    expect(screen.getByText('Please agree to the User Agreement and Privacy Policy')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    expect(recentApiCalls().some((call) => call.path === '/api/user/user_login')).toBe(false);
  });

  it('translates the errors already on screen when the language changes', async () => {
    await openApp('/login');
    const submit = await screen.findByRole('button', { name: 'Log in' });
    fireEvent.click(submit);
    expect(screen.getByText('Please enter your username, email or phone')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Student discount' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Change language' })[0]!);
    expect(await screen.findByText('请输入用户名、邮箱或手机号')).toBeTruthy();
    expect(screen.getByRole('link', { name: '学生优惠' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('language')).toBe('zh-CN');
  });
});

describe('the register form', () => {
  it('offers username, e-mail and phone; only e-mail and phone need a code', async () => {
    await openApp('/register');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Username', 'Email', 'Phone']);
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    const send = screen.getByRole('button', { name: 'Send code' });
    // An invalid address is caught before anything is sent.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.click(send);
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('prefills the invite code that arrived as ?invite=', async () => {
    document.cookie = 'invite=FRIEND42; path=/';
    await openApp('/register');
    const invite = (await screen.findByLabelText('Invite code (optional)')) as HTMLInputElement;
    expect(invite.value).toBe('FRIEND42');
    document.cookie = 'invite=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});

describe('the phone menu', () => {
  it('Escape closes it and gives focus back to its button; with More open, Escape closes More first', async () => {
    await openApp('/faq');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const drawer = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const more = within(drawer).getByRole('button', { name: 'More' });
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(drawer.hidden).toBe(false);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(drawer.hidden).toBe(true);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener);
  });
});

describe('the affiliate page and the KOL programme’s numbers (issue 19)', () => {
  // The demo shop's yearly Standard plan: ¥288.00 or $47.99 (server/store/seed-plans.ts).
  const yearly: Goods = {
    productId: 104,
    groupType: 1,
    months: 12,
    durationDays: 365,
    maxDevices: 5,
    recommended: true,
    prices: [
      { amount: 28_800, currency: 'CNY' },
      { amount: 4_799, currency: 'USD' },
    ],
    groupPrices: [],
  };
  const answers: Array<[readonly unknown[], unknown]> = [
    [['goods'], { code: 200, shop: null, goods: [yearly] }],
    [['affiliate-contact'], { contactUrl: 'https://t.me/kestrel' }],
  ];

  it('states the 25-100 % first-purchase range and up to 25 % on renewals, with the real yearly price', async () => {
    await openApp('/affiliate', answers);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.textContent).toContain('25–100%'));
    expect(main.textContent).toContain(
      'From 25% up to 100% of the first payment of every new member you bring, and up to 25% of every renewal.',
    );
    // 50 × $47.99 at 100 %, and 50 × floor($47.99 × 25 %) = 50 × $11.99.
    expect(main.textContent).toContain(
      'Example: 50 new members on the yearly Standard plan ($47.99) can earn you up to $2,399.50 in their first year, plus up to $599.50 each year they renew.',
    );
    expect(main.textContent).not.toContain('$60');
  });

  it('says the same in Chinese', async () => {
    await activateLocale('zh-CN');
    await openApp('/affiliate', answers);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.textContent).toContain('US$47.99'));
    expect(main.textContent).toContain(
      '您带来的每位新会员首笔付款的 25% 至 100%，每次续费最高 25%。',
    );
    expect(main.textContent).toContain(
      '示例：50 位新会员购买标准版年度套餐（US$47.99），第一年您最多可赚 US$2,399.50，此后他们每续费一年您最多再得 US$599.50。',
    );
  });
});

describe('the download page says why its order is what it is (issue 19)', () => {
  const agent = navigator.userAgent;
  const useAgent = (value: string) =>
    Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
  afterEach(() => useAgent(agent));
  const clientConfig = [['client-config'], null] as [readonly unknown[], unknown];

  it('tells Linux there is no app and where the third-party client is, never "Windows first"', async () => {
    useAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    await openApp('/download', [clientConfig]);
    const main = await screen.findByRole('main');
    await waitFor(() =>
      expect(main.textContent).toContain('There is no Kestrel VPN app for Linux'),
    );
    expect(main.textContent).not.toContain('first because that is what you are using');
    expect(
      within(main).getByRole('link', { name: 'Third-party client' }).getAttribute('href'),
    ).toBe('/user/third-party-client');
    expect(within(main).queryByText('Your device')).toBeNull();
  });

  it('in Chinese too', async () => {
    await activateLocale('zh-CN');
    useAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    await openApp('/download', [clientConfig]);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.textContent).toContain('红隼 VPN 暂无 Linux 应用'));
    expect(main.textContent).not.toContain('放在最前面');
  });

  it('puts Windows first for Windows and says so', async () => {
    useAgent(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    );
    await openApp('/download', [clientConfig]);
    const main = await screen.findByRole('main');
    await waitFor(() =>
      expect(main.textContent).toContain(
        'We put Windows first because that is what you are using.',
      ),
    );
    expect(within(main).getAllByRole('region')[0]!.textContent).toContain('Your device');
  });

  it('names no system it does not know', async () => {
    useAgent('curl/8.0');
    await openApp('/download', [clientConfig]);
    const main = await screen.findByRole('main');
    await waitFor(() =>
      expect(main.textContent).toContain(
        'One account on all your devices: iPhone and iPad, Android, macOS and Windows.',
      ),
    );
  });
});
