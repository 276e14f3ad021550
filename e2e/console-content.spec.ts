/**
 * Announcements (issue 21, item 9; docs/console.md "Content") through the SPA: a content staff
 * member writes one with a banner in both languages (an empty form is refused on the page); a
 * member sees the banner at the top of the site, dismisses it (it stays closed after a reload: the
 * server keeps it), finds the notice in the account area with the unread count, and reads it (the
 * count goes to 0); a signed-out visitor sees the banner too and closes it in this browser; the
 * staff member withdraws it and it is gone. A benefit of the yearly plan is added (an empty form
 * refused), seen by the yearly demo member in the page's language, and hidden again. The site's
 * links are edited on the same page: a link added to the footer (a bad key and address refused in
 * the dialog), seen by a visitor, and removed after a question. The FAQ is rewritten in both languages (an empty language
 * refused), a visitor reads the new question, and restoring brings the built-in text back (its
 * prerendered page too). Screenshots of the console page, the banner and the
 * notices page are kept in test-results/content-shots/ for looking at.
 */
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { endpoints } from '../contract';
import { STORAGE_KEYS } from '../contract/protocol';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import { expectAccessible } from './support/axe';
import { confirmAlert, enrolledStaff, openSection, signInByApi } from './support/console';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { sidewaysOverflow } from './support/layout';
import { useSessionToken } from './support/ui';
import { builtInText } from './support/page-texts';
import { EACH_LANGUAGE, ONE_PROJECT, SITE_TEXT_TAG } from './support/projects';

const main = (page: Page) => page.getByRole('main');

/** A full-page screenshot to look at, and nothing sticking out sideways (the @layout check). */
async function shoot(page: Page, info: TestInfo, name: string, { fullPage = true } = {}) {
  await page.screenshot({
    path: `test-results/content-shots/${info.project.name}-${name}.png`,
    fullPage,
  });
  expect(await sidewaysOverflow(page), name).toEqual([]);
}

/** A browser context in the project's language and viewport (a second person at their screen). */
async function otherPage(browser: Browser, page: Page, i18n: I18n, info: TestInfo) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    locale: i18n.language,
    baseURL: info.project.use.baseURL,
  });
  await context.addInitScript(([key, language]) => window.localStorage.setItem(key, language), [
    STORAGE_KEYS.language,
    i18n.language,
  ] as const);
  return { context, page: await context.newPage() };
}

/**
 * The banner showing `title`: others' live banners (another project's run of this spec) come
 * first when newer, and are closed on the way, as a visitor would.
 */
async function bannerWith(page: Page, i18n: I18n, title: string): Promise<Locator> {
  const banner = page.getByRole('region', { name: i18n.t('Announcement') });
  for (let i = 0; i < 5; i += 1) {
    await expect(banner).toBeVisible();
    if ((await banner.textContent())?.includes(title)) return banner;
    await banner.getByRole('button', { name: i18n.t('Dismiss the announcement') }).click();
  }
  throw new Error(`no banner with ${title}`);
}

test.describe('console content', () => {
  // @layout: it also runs at en-390 and zh-1440, for the screenshots in both languages and sizes.
  test(
    'content staff publishes a banner; a member dismisses it and reads the notice',
    {
      tag: '@layout',
    },
    async ({ page, request, browser, i18n, users }, info) => {
      test.setTimeout(120_000);
      const stamp = Date.now().toString(36);
      const titleEn = `Maintenance ${stamp}`;
      const titleZh = `维护通知 ${stamp}`;
      const title = i18n.language === 'en' ? titleEn : titleZh;
      const body =
        i18n.language === 'en' ? 'Node HK-2 restarts at 02:00.' : '香港 2 号节点将于 02:00 重启。';

      const content = await enrolledStaff(request, 'content');
      await signInByApi(page, content);
      await openSection(page, i18n, '/admin/content', 'Content');

      // Nothing typed: each field says what it wants, and nothing is published.
      await main(page)
        .getByRole('button', { name: i18n.t('Publish') })
        .click();
      await expect(
        main(page).getByText(i18n.error('ANNOUNCEMENT_TITLE_REQUIRED')).first(),
      ).toBeVisible();
      await expect(
        main(page).getByText(i18n.error('ANNOUNCEMENT_BODY_REQUIRED')).first(),
      ).toBeVisible();

      await main(page).getByLabel(i18n.t('Title (English)')).fill(titleEn);
      await main(page).getByLabel(i18n.t('Text (English)')).fill('Node HK-2 restarts at 02:00.');
      await main(page).getByLabel(i18n.t('Title (Chinese)')).fill(titleZh);
      await main(page).getByLabel(i18n.t('Text (Chinese)')).fill('香港 2 号节点将于 02:00 重启。');
      await main(page)
        .getByLabel(i18n.t('Also show it as a banner at the top of every page until dismissed'))
        .check();
      await main(page)
        .getByRole('button', { name: i18n.t('Publish') })
        .click();
      await expect(
        main(page).getByText(i18n.t('Saved. Members see it from its start.')),
      ).toBeVisible();
      const row = main(page).getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(i18n.t('Live'));
      await expectAccessible(page);
      await shoot(page, info, 'console');

      // A member, signed in on their own browser.
      const member = await users.byUsername();
      const memberSide = await otherPage(browser, page, i18n, info);
      const memberPage = memberSide.page;
      await useSessionToken(memberPage, member.token);
      await memberPage.goto('/');
      const banner = await bannerWith(memberPage, i18n, title);
      await expect(banner).toContainText(body);
      await expectAccessible(memberPage, '.notice-banner');
      // The top of the page, where the banner is (a full page of the home page is too tall to read).
      await shoot(memberPage, info, 'banner', { fullPage: false });
      await banner.getByRole('button', { name: i18n.t('Dismiss the announcement') }).click();
      await expect(memberPage.getByText(title)).toHaveCount(0);
      // Kept by the server: gone after a reload too (and on the member's other devices).
      await memberPage.reload();
      await memberPage.waitForLoadState('networkidle');
      await expect(memberPage.getByText(title)).toHaveCount(0);

      // The notice is in the account area, unread, with the count in the menu.
      await memberPage.goto('/user/notices');
      const menu = memberPage.getByRole('navigation', { name: i18n.t('Account') });
      const notices = main(memberPage);
      const item = notices.getByRole('listitem').filter({ hasText: title });
      await expect(item).toContainText(i18n.t('Unread'));
      await expect(menu.getByRole('link', { name: new RegExp(i18n.t('Notices')) })).toContainText(
        /\d/,
      );
      await expectAccessible(memberPage);
      await shoot(memberPage, info, 'notices');
      // Reading every unread notice (this one and any other live one) brings the count to 0.
      const unread = notices.getByRole('listitem').filter({ hasText: i18n.t('Unread') });
      for (let i = 0; i < 10; i += 1) {
        const left = await unread.count();
        if (left === 0) break;
        await unread.first().locator('summary').click();
        // Fewer, not exactly one fewer: another project's run may withdraw its own at the same time.
        await expect.poll(() => unread.count()).toBeLessThan(left);
      }
      await expect(item.getByText(body)).toBeVisible();
      await expect(notices.getByText(i18n.t('You have read every notice.'))).toBeVisible();
      await expect(menu.locator('.badge')).toHaveCount(0);
      await shoot(memberPage, info, 'notices-read');

      // A signed-out visitor sees it too and closes it in this browser.
      const visitorSide = await otherPage(browser, page, i18n, info);
      const visitor = visitorSide.page;
      await visitor.goto('/');
      const visitorBanner = await bannerWith(visitor, i18n, title);
      await expect(visitorBanner.getByRole('link', { name: i18n.t('All notices') })).toHaveCount(0);
      await visitorBanner.getByRole('button', { name: i18n.t('Dismiss the announcement') }).click();
      await visitor.reload();
      await visitor.waitForLoadState('networkidle');
      await expect(visitor.getByText(title)).toHaveCount(0);
      await visitorSide.context.close();

      // Withdrawn: members no longer see it.
      await main(page)
        .getByRole('button', { name: i18n.t('Withdraw “{0}”', { 0: title }) })
        .click();
      await confirmAlert(page, i18n.t('Withdraw'));
      await expect(row).toContainText(i18n.t('Withdrawn'));
      await memberPage.goto('/user/notices');
      await expect(
        main(memberPage).getByRole('heading', { name: i18n.t('Notices') }),
      ).toBeVisible();
      await expect(memberPage.getByText(title)).toHaveCount(0);
      await memberSide.context.close();
    },
  );

  for (const [language, project] of EACH_LANGUAGE) {
    test(
      `content staff adds a benefit of the yearly plan; a yearly member sees it until it is hidden (${language})`,
      project,
      async ({ page, request, browser, i18n, api }, info) => {
        const stamp = Date.now().toString(36);
        const titleEn = `Cloud drive ${stamp}`;
        const titleZh = `云盘 ${stamp}`;
        const title = i18n.language === 'en' ? titleEn : titleZh;
        const content = await enrolledStaff(request, 'content');
        await signInByApi(page, content);
        await openSection(page, i18n, '/admin/content', 'Content');
        const form = main(page).getByRole('region', { name: i18n.t('Add a benefit') });
        // Nothing typed: each field says what it wants, and nothing is added.
        await form.getByRole('button', { name: i18n.t('Add the benefit') }).click();
        await expect(form.getByText(i18n.error('BENEFIT_TITLE_REQUIRED')).first()).toBeVisible();
        await expect(form.getByText(i18n.error('BENEFIT_LINK_INVALID'))).toBeVisible();

        await form.getByLabel(i18n.t('Name of the benefit (English)')).fill(titleEn);
        await form.getByLabel(i18n.t('Name of the benefit (Chinese)')).fill(titleZh);
        await form.getByLabel(i18n.t('Shared account')).fill(`drive-${stamp}@partner.example`);
        await form.getByLabel(i18n.t('Its password')).fill(`pw-${stamp}`);
        await form.getByLabel(i18n.t('Link')).fill('https://drive.example/login');
        await form.getByRole('button', { name: i18n.t('Add the benefit') }).click();
        await expect(
          main(page).getByText(i18n.t('Saved. Yearly members see the benefits as listed.')),
        ).toBeVisible();
        const list = main(page).getByRole('region', {
          name: i18n.t('Benefits of the yearly plan'),
        });
        const row = list.getByRole('row').filter({ hasText: title });
        await expect(row).toContainText(i18n.t('Yes'));
        await expectAccessible(page);

        // The demo member (yearly, unexpired) on their own browser, in the same language.
        const demo = await api.ok(endpoints.userLogin.path, {
          account: DEMO_USER.username,
          password: DEMO_USER.password,
        });
        const memberSide = await otherPage(browser, page, i18n, info);
        await useSessionToken(memberSide.page, demo.token!);
        await memberSide.page.goto('/user/benefits');
        const card = main(memberSide.page).getByRole('region', { name: title });
        await expect(card).toContainText(`drive-${stamp}@partner.example`);
        await expect(card).toContainText(`pw-${stamp}`);

        await row.getByRole('button', { name: i18n.t('Hide “{0}”', { 0: title }) }).click();
        await expect(row).toContainText(i18n.t('No, hidden'));
        await memberSide.page.reload();
        await expect(
          main(memberSide.page).getByRole('heading', { level: 1, name: i18n.t('Benefits') }),
        ).toBeVisible();
        await expect(main(memberSide.page).getByRole('region', { name: title })).toHaveCount(0);
        await memberSide.context.close();
      },
    );
  }

  // Runs after every other test (SITE_TEXT_TAG, playwright.config.ts): it changes the FAQ that
  // every visitor reads, and the server stops serving its prerendered HTML meanwhile.
  for (const [language, project] of EACH_LANGUAGE) {
    test(
      `content staff rewrites the FAQ in both languages; a visitor reads it; restoring brings the built-in text back (${language})`,
      { tag: [project.tag, SITE_TEXT_TAG] },
      async ({ page, request, browser, i18n }, info) => {
        test.setTimeout(120_000);
        const stamp = Date.now().toString(36);
        const questionEn = `Do you keep connection logs? ${stamp}`;
        const questionZh = `你们保留连接日志吗？${stamp}`;
        const question = i18n.language === 'en' ? questionEn : questionZh;
        const builtIn = { en: builtInText('faq', 'en'), zh: builtInText('faq', 'zh-CN') };
        const ownBuiltIn = i18n.language === 'en' ? builtIn.en : builtIn.zh;

        const content = await enrolledStaff(request, 'content');
        await signInByApi(page, content);
        await openSection(page, i18n, '/admin/content', 'Content');
        const pages = main(page).getByRole('region', { name: i18n.t('FAQ and clauses') });
        const faqName = i18n.t('FAQ');
        const faqRow = pages.getByRole('row').filter({
          has: page.getByRole('rowheader', { name: faqName, exact: true }),
        });
        await expect(faqRow).toContainText(i18n.t('Built-in text'));
        await faqRow.getByRole('button', { name: i18n.t('Change “{0}”', { 0: faqName }) }).click();

        // The editor starts from the built-in text, in both languages.
        const form = main(page).getByRole('region', {
          name: i18n.t('Change “{name}”', { name: faqName }),
        });
        const english = form.getByLabel(i18n.t('Text (English)'));
        const chinese = form.getByLabel(i18n.t('Text (Chinese)'));
        await expect(english).toHaveValue(builtIn.en.markdown);
        await expect(chinese).toHaveValue(builtIn.zh.markdown);
        const publish = form.getByRole('button', { name: i18n.t('Publish both languages') });

        // An empty language is refused on the page, in the page's language; nothing is published.
        await chinese.fill('  ');
        await publish.click();
        await expect(form.getByText(i18n.error('CONTENT_PAGE_BODY_REQUIRED'))).toBeVisible();
        await expect(faqRow).toContainText(i18n.t('Built-in text'));

        // A new question at the end of each language's text: the built-in ones stay as they are.
        await english.fill(
          `${builtIn.en.markdown}\n## ${questionEn}\n\nNo. Ask **{supportEmail}**, or read the [privacy policy](/clause/privacy). <b>HTML</b> stays text.\n`,
        );
        await chinese.fill(
          `${builtIn.zh.markdown}\n## ${questionZh}\n\n不保留。请写信至 **{supportEmail}**，或阅读[隐私政策](/clause/privacy)。<b>HTML</b> 按文字显示。\n`,
        );
        await form.getByText(i18n.t('Preview')).first().click();
        await expect(form.getByRole('heading', { name: questionEn })).toBeVisible();
        await publish.click();
        await expect(
          main(page).getByText(i18n.t('Published. Visitors see the new text in both languages.')),
        ).toBeVisible();
        await expect(faqRow).toContainText(content.username);
        await expectAccessible(page);
        await shoot(page, info, 'pages-console');

        // A visitor, in the project's language: the new question is one of the FAQ's items.
        const visitorSide = await otherPage(browser, page, i18n, info);
        const visitor = visitorSide.page;
        // The server no longer sends the prerendered (built-in) HTML, but the bare SPA.
        const served = await (await visitor.request.get('/faq')).text();
        expect(served).not.toContain('data-prerendered');
        await visitor.goto('/faq');
        const faq = main(visitor);
        const item = faq.locator('details').filter({ hasText: question });
        await expect(item).toHaveCount(1);
        await expect(faq.getByText(ownBuiltIn.sections[0]!.title, { exact: true })).toBeVisible();
        await item.locator('summary').click();
        await expect(item.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
        await expect(item).toContainText('<b>HTML</b>');
        await expectAccessible(visitor);
        await shoot(visitor, info, 'pages-faq');
        // Its link is the router's: the clause opens in the app.
        await item
          .getByRole('link', { name: i18n.language === 'en' ? 'privacy policy' : '隐私政策' })
          .click();
        await expect(visitor).toHaveURL(/\/clause\/privacy$/);

        // Restored: the built-in text (and its prerendered page) again.
        await faqRow
          .getByRole('button', {
            name: i18n.t('Restore the built-in text of “{0}”', { 0: faqName }),
          })
          .click();
        await confirmAlert(page, i18n.t('Restore'));
        await expect(faqRow).toContainText(i18n.t('Built-in text'));
        await visitor.goto('/faq');
        await expect(faq.getByText(ownBuiltIn.sections[0]!.title, { exact: true })).toBeVisible();
        await expect(faq.getByText(question)).toHaveCount(0);
        expect(await (await visitor.request.get('/faq')).text()).toContain('data-prerendered');
        await visitorSide.context.close();
      },
    );
  }

  // Runs after every other test (SITE_TEXT_TAG, playwright.config.ts): it adds a link to the footer
  // every visitor reads (public-links.spec.ts reads the footer against the display config).
  test(
    'content staff edits the site links: a bad address is refused; a link is added, seen by a visitor, and removed after a question',
    { tag: [ONE_PROJECT.en.tag, SITE_TEXT_TAG] },
    async ({ page, request, browser, i18n }, info) => {
      const content = await enrolledStaff(request, 'content');
      await signInByApi(page, content);
      await page.goto('/admin/content');
      const links = main(page).getByRole('region', { name: i18n.t('Links on the site') });
      const status = links.getByRole('textbox', { name: i18n.t('Service status'), exact: true });
      const address = await status.inputValue();
      expect(address).toMatch(/^https:\/\//);
      await status.fill(address.replace('https://', 'http://'));
      await links.getByRole('button', { name: i18n.t('Save the links') }).click();
      await expect(links.getByText(i18n.error('LINK_URL_INVALID'))).toBeVisible();
      // The same address again: saved, and the site keeps its links for the other tests.
      await status.fill(address);
      await links.getByRole('button', { name: i18n.t('Save the links') }).click();
      await expect(links.getByText(i18n.t('Saved. The site shows the new links.'))).toBeVisible();
      await expectAccessible(page);

      // A link added to the footer's help centre: a bad key and address are refused in the dialog.
      const key = `guide${Date.now().toString(36)}`;
      const help = links.getByRole('group', { name: i18n.t('Footer help centre') });
      await help.getByRole('button', { name: i18n.t('Add a link') }).click();
      const adding = page.getByRole('dialog', {
        name: i18n.t('Add a link to the footer help centre'),
      });
      // A known key shows the label the site will show.
      await adding.getByLabel(i18n.t('Key')).fill('faq');
      await expect(adding).toContainText(i18n.t('Shown as “{label}”.', { label: i18n.t('FAQ') }));
      await adding.getByLabel(i18n.t('Key')).fill('user-guide');
      await adding.getByLabel(i18n.t('Address')).fill('http://guide.example');
      await adding.getByRole('button', { name: i18n.t('Add the link') }).click();
      await expect(adding.getByText(i18n.error('LINK_KEY_INVALID'))).toBeVisible();
      await expect(adding.getByText(i18n.error('LINK_URL_INVALID'))).toBeVisible();
      await expectAccessible(page, '[role="dialog"]');
      // A key the menu has: the server's refusal, under the key.
      await adding.getByLabel(i18n.t('Key')).fill('faq');
      await adding.getByLabel(i18n.t('Address')).fill('/download');
      await adding.getByRole('button', { name: i18n.t('Add the link') }).click();
      await expect(adding.getByText(i18n.error('LINK_KEY_TAKEN'))).toBeVisible();
      await adding.getByLabel(i18n.t('Key')).fill(key);
      await adding.getByRole('button', { name: i18n.t('Add the link') }).click();
      await expect(adding).toHaveCount(0);
      await expect(help.getByRole('textbox', { name: key, exact: true })).toHaveValue('/download');

      // A visitor sees it in the footer (an unknown key is shown as typed).
      const visitorSide = await otherPage(browser, page, i18n, info);
      const visitor = visitorSide.page;
      await visitor.goto('/faq');
      const footerHelp = visitor.getByRole('navigation', { name: i18n.t('Help centre') });
      await expect(footerHelp.getByRole('link', { name: key })).toHaveAttribute(
        'href',
        '/download',
      );

      // Removed after a question: Cancel keeps it, the act removes it for the visitor too.
      const remove = help.getByRole('button', { name: i18n.t('Remove “{0}”', { 0: key }) });
      await remove.click();
      const question = page.getByRole('alertdialog', {
        name: i18n.t('Remove “{label}” from the footer help centre?', { label: key }),
      });
      await expect(question).toContainText('/download');
      await expectAccessible(page, '[role="alertdialog"]');
      await question.getByRole('button', { name: i18n.t('Cancel') }).click();
      await expect(question).toHaveCount(0);
      await expect(help.getByRole('textbox', { name: key, exact: true })).toHaveValue('/download');
      await remove.click();
      await question.getByRole('button', { name: i18n.t('Remove the link') }).click();
      await expect(question).toHaveCount(0);
      await expect(help.getByRole('textbox', { name: key, exact: true })).toHaveCount(0);
      await expect(help.getByRole('textbox', { name: i18n.t('FAQ'), exact: true })).toHaveValue(
        '/faq',
      );
      await visitor.reload();
      await expect(footerHelp.getByRole('link', { name: i18n.t('FAQ') })).toBeVisible();
      await expect(footerHelp.getByRole('link', { name: key })).toHaveCount(0);
      await visitorSide.context.close();
    },
  );

  test(
    'a support member cannot open the content section',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      const support = await enrolledStaff(request, 'support');
      await signInByApi(page, support);
      await page.goto('/admin/content');
      await expect(
        page.getByRole('heading', { name: i18n.t('Your role cannot open this section.') }),
      ).toBeVisible();
    },
  );
});
