/**
 * The console's content section: announcements (issue 21, item 9; docs/console.md "Content"),
 * through the real HTTP server and database. A content staff member writes, changes, withdraws and
 * deletes announcements (each audited with the values before and after); members see the live ones
 * (start and end honoured on a controlled clock) in their language with an unread count, mark them
 * read and dismiss a banner on every device; signed-out visitors read the live banners. Bad input is
 * refused in both languages with nothing changed. The site's links (the display config's `links`)
 * are edited there too, checked: https:// addresses or paths on this site. The CLI's
 * `announcements` and `links` commands call the same operator functions. The yearly plan's benefits
 * are added, changed and hidden there too (audited, the shared password redacted), and members see
 * them in their language; the CLI's `benefits` changes them through the same functions.
 */
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type {
  ConsoleAnnouncement,
  ConsoleBenefit,
  SiteLinks,
} from '../../contract/endpoints/console-content';
import type { DisplayConfig } from '../../contract/endpoints/system';
import type { BannerNotice, Notice } from '../../contract/endpoints/notices';
import { rowsOf } from '../../server/db/database';
import { announcementReads, announcements, benefits, users } from '../../server/db/schema';
import { PASSWORD, registerByUsername, type Registered } from './helpers/accounts';
import { type SignedIn, as, describeConsole, useConsole } from './helpers/console';
import { databaseVariants } from './helpers/test-databases';

const E = consoleEndpoints;
const MINUTE = 60_000;

const fields = (name: string, extra: Record<string, unknown> = {}) => ({
  titleEn: `${name} in English`,
  titleZh: `${name} 中文标题`,
  bodyEn: `The text of ${name}.`,
  bodyZh: `${name} 的正文。`,
  ...extra,
});

await describeConsole('the console content section', {}, (t) => {
  const { clock, db } = t;
  let content: SignedIn;
  let support: SignedIn;
  let ann: Registered;
  let bob: Registered;

  const asContent = (language?: string) => as(content, language);
  const create = (input: Record<string, unknown>, language?: string) =>
    t.consoleCall<ConsoleAnnouncement>(E.consoleAnnouncementCreate, input, asContent(language));
  const list = async () =>
    (
      await t.consoleCall<{ announcements: ConsoleAnnouncement[] }>(
        E.consoleAnnouncementList,
        {},
        asContent(),
      )
    ).body.data.announcements;
  const audited = (action: string) => t.lastAudit(action);
  const countAudits = () => t.auditCount();
  const notices = async (who: Registered, language: 'en' | 'zh_CN' = 'en') =>
    (
      await t.api.call<{ notices: Notice[]; unread: number }>(
        '/api/user/user_notices',
        {},
        { token: who.token, language },
      )
    ).body;
  const banners = async (token?: string, language: 'en' | 'zh_CN' = 'en') =>
    (
      await t.api.call<{ banners: BannerNotice[] }>(
        '/api/system/system_notice_banners',
        {},
        { ...(token ? { token } : {}), language },
      )
    ).body;

  it('signs in a content and a support staff member; registers two members', async () => {
    content = await t.signedInStaff('cora_content', 'content');
    support = await t.signedInStaff('sam_support', 'support');
    ann = await registerByUsername(t.api);
    bob = await registerByUsername(t.api);
  });

  it('refuses the section to support staff', async () => {
    const answer = await t.consoleCall(E.consoleAnnouncementCreate, fields('Nope'), {
      cookie: support.cookie,
      csrf: support.csrf,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);
  });

  let live: ConsoleAnnouncement;
  let scheduled: ConsoleAnnouncement;

  it('writes a live banner and a scheduled notice, each audited', async () => {
    const a = await create(fields('Maintenance', { banner: true }));
    expect(a.body.code, a.body.msg).toBe(200);
    live = a.body.data;
    expect(live).toMatchObject({ state: 'live', banner: true, reads: 0, startsAt: null });
    const audit = await audited('announcement.create');
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorUsername: 'cora_content',
      target: `announcement:${live.id}`,
      before: null,
    });
    expect(audit!.after).toMatchObject({ titleEn: 'Maintenance in English', banner: true });

    const startsAt = new Date(clock.ms + 5 * MINUTE).toISOString();
    const endsAt = new Date(clock.ms + 10 * MINUTE).toISOString();
    const b = await create(fields('New nodes', { startsAt, endsAt }));
    expect(b.body.code, b.body.msg).toBe(200);
    scheduled = b.body.data;
    expect(scheduled).toMatchObject({ state: 'scheduled', startsAt, endsAt, banner: false });
    expect((await list()).map((x) => x.id)).toEqual(
      expect.arrayContaining([live.id, scheduled.id]),
    );
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    const rows = await db().select().from(announcements);
    const audits = await countAudits();
    const at = new Date(clock.ms).toISOString();
    for (const [input, error] of [
      [fields('x', { titleEn: '  ' }), Errors.ANNOUNCEMENT_TITLE_REQUIRED],
      [fields('x', { titleZh: undefined }), Errors.ANNOUNCEMENT_TITLE_REQUIRED],
      [fields('x', { titleZh: '长'.repeat(121) }), Errors.ANNOUNCEMENT_TITLE_TOO_LONG],
      [fields('x', { bodyEn: '' }), Errors.ANNOUNCEMENT_BODY_REQUIRED],
      [fields('x', { bodyZh: 'y'.repeat(4001) }), Errors.ANNOUNCEMENT_BODY_TOO_LONG],
      [fields('x', { startsAt: at, endsAt: at }), Errors.ANNOUNCEMENT_ENDS_BEFORE_START],
      [fields('x', { startsAt: 'tomorrow' }), Errors.ANNOUNCEMENT_DATE_INVALID],
      [fields('x', { titleEn: 'a\u0000b' }), Errors.INPUT_INVALID_CHARACTER],
    ] as const) {
      const answer = await create(input, 'zh_CN');
      expect(answer.body.code, JSON.stringify(input).slice(0, 80)).toBe(error.code);
      expect(answer.body.msg).toBe(error.zh_CN);
    }
    const update = await t.consoleCall(
      E.consoleAnnouncementUpdate,
      {
        id: live.id,
        ...fields('x', { endsAt: new Date(clock.ms - MINUTE).toISOString(), startsAt: at }),
      },
      asContent('zh_CN'),
    );
    expect(update.body.code).toBe(Errors.ANNOUNCEMENT_ENDS_BEFORE_START.code);
    const missing = await t.consoleCall(
      E.consoleAnnouncementUpdate,
      { id: 2_000_000_000, ...fields('x') },
      asContent('zh_CN'),
    );
    expect(missing.body.code).toBe(Errors.ANNOUNCEMENT_NOT_FOUND.code);
    expect(missing.body.msg).toBe(Errors.ANNOUNCEMENT_NOT_FOUND.zh_CN);
    expect(await db().select().from(announcements)).toEqual(rows);
    expect(await countAudits()).toBe(audits);
  });

  it('shows members only the live ones, in their language, with the unread count', async () => {
    const en = await notices(ann);
    expect(en.code, en.msg).toBe(200);
    const ids = en.data.notices.map((n) => n.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(scheduled.id);
    const mine = en.data.notices.find((n) => n.id === live.id)!;
    expect(mine).toMatchObject({
      title: 'Maintenance in English',
      body: 'The text of Maintenance.',
      banner: true,
      read: false,
    });
    expect(en.data.unread).toBe(en.data.notices.length);
    const zh = await notices(ann, 'zh_CN');
    expect(zh.data.notices.find((n) => n.id === live.id)!.title).toBe('Maintenance 中文标题');

    // The scheduled one goes live at its start and leaves at its end.
    clock.advance(6 * MINUTE);
    expect((await notices(ann)).data.notices.map((n) => n.id)).toContain(scheduled.id);
    clock.advance(5 * MINUTE);
    expect((await notices(ann)).data.notices.map((n) => n.id)).not.toContain(scheduled.id);
    expect((await list()).find((x) => x.id === scheduled.id)!.state).toBe('ended');
    // Reading an ended one is refused: members cannot see it.
    const late = await t.api.call(
      '/api/user/user_notice_read',
      { id: scheduled.id },
      { token: ann.token },
    );
    expect(late.body.code).toBe(Errors.ANNOUNCEMENT_NOT_FOUND.code);
  });

  it('marks a notice read once; the unread count goes down for that member only', async () => {
    const before = (await notices(ann)).data.unread;
    const bobBefore = (await notices(bob)).data.unread;
    for (let i = 0; i < 2; i += 1) {
      const read = await t.api.call<{ unread: number }>(
        '/api/user/user_notice_read',
        { id: live.id },
        { token: ann.token },
      );
      expect(read.body.code, read.body.msg).toBe(200);
      expect(read.body.data.unread).toBe(before - 1);
    }
    const after = await notices(ann);
    expect(after.data.unread).toBe(before - 1);
    expect(after.data.notices.find((n) => n.id === live.id)!.read).toBe(true);
    expect((await notices(bob)).data.unread).toBe(bobBefore);
    expect((await list()).find((x) => x.id === live.id)!.reads).toBe(1);
  });

  it('serves the live banners signed out, and hides a dismissed one on every device', async () => {
    const anonymous = await banners(undefined, 'zh_CN');
    expect(anonymous.code, anonymous.msg).toBe(200);
    expect(anonymous.data.banners).toContainEqual({
      id: live.id,
      title: 'Maintenance 中文标题',
      body: 'Maintenance 的正文。',
    });
    expect((await banners(bob.token)).data.banners.map((b) => b.id)).toContain(live.id);
    const dismissed = await t.api.call(
      '/api/user/user_notice_dismiss',
      { id: live.id },
      { token: bob.token },
    );
    expect(dismissed.body.code, dismissed.body.msg).toBe(200);
    expect((await banners(bob.token)).data.banners.map((b) => b.id)).not.toContain(live.id);
    // Another device of the same member: a new session, the banner stays closed.
    const other = await t.api.call('/api/user/user_login', {
      account: bob.username,
      password: PASSWORD,
    });
    expect(other.body.code, other.body.msg).toBe(200);
    const otherToken = String(other.headers.pragma);
    expect((await banners(otherToken)).data.banners.map((b) => b.id)).not.toContain(live.id);
    // Still in the list, and still unread: closing a banner is not reading it.
    const list = await notices(bob);
    expect(list.data.notices.find((n) => n.id === live.id)!.read).toBe(false);
    expect((await banners(ann.token)).data.banners.map((b) => b.id)).toContain(live.id);
  });

  it('changes an announcement (audited, before and after); reads stay', async () => {
    const answer = await t.consoleCall<ConsoleAnnouncement>(
      E.consoleAnnouncementUpdate,
      { id: live.id, ...fields('Maintenance tonight', { banner: true }) },
      asContent(),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(answer.body.data).toMatchObject({ titleEn: 'Maintenance tonight in English', reads: 1 });
    const audit = await audited('announcement.update');
    expect(audit!.before).toMatchObject({ titleEn: 'Maintenance in English' });
    expect(audit!.after).toMatchObject({ titleEn: 'Maintenance tonight in English' });
    expect((await notices(ann)).data.notices.find((n) => n.id === live.id)!.read).toBe(true);
  });

  it('refuses to delete one already read; withdraws it instead, then it is gone for members', async () => {
    const refused = await t.consoleCall(
      E.consoleAnnouncementDelete,
      { id: live.id },
      asContent('zh_CN'),
    );
    expect(refused.body.code).toBe(Errors.ANNOUNCEMENT_ALREADY_READ.code);
    expect(refused.body.msg).toBe(Errors.ANNOUNCEMENT_ALREADY_READ.zh_CN);
    const withdrawn = await t.consoleCall<ConsoleAnnouncement>(
      E.consoleAnnouncementWithdraw,
      { id: live.id },
      asContent(),
    );
    expect(withdrawn.body.code, withdrawn.body.msg).toBe(200);
    expect(withdrawn.body.data.state).toBe('withdrawn');
    expect((await audited('announcement.withdraw'))!.after).toMatchObject({
      state: 'withdrawn',
    });
    expect((await notices(ann)).data.notices.map((n) => n.id)).not.toContain(live.id);
    expect((await banners()).data.banners.map((b) => b.id)).not.toContain(live.id);
    const edit = await t.consoleCall(
      E.consoleAnnouncementUpdate,
      { id: live.id, ...fields('Again') },
      asContent(),
    );
    expect(edit.body.code).toBe(Errors.ANNOUNCEMENT_WITHDRAWN.code);
  });

  it('deletes one nobody read (its banner dismissals go with it), audited', async () => {
    const mistake = (await create(fields('Typo', { banner: true }))).body.data;
    await t.api.call('/api/user/user_notice_dismiss', { id: mistake.id }, { token: ann.token });
    const answer = await t.consoleCall(
      E.consoleAnnouncementDelete,
      { id: mistake.id },
      asContent(),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(await db().select().from(announcements).where(eq(announcements.id, mistake.id))).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(announcementReads)
        .where(eq(announcementReads.announcementId, mistake.id)),
    ).toEqual([]);
    expect((await audited('announcement.delete'))!.before).toMatchObject({
      titleEn: 'Typo in English',
    });
  });

  it("erases a member's reads with the account", async () => {
    const fresh = (await create(fields('Erase'))).body.data;
    await t.api.call('/api/user/user_notice_read', { id: fresh.id }, { token: bob.token });
    const erased = await t.api.call(
      '/api/user/user_delete_account',
      { confirm: true, password: PASSWORD },
      { token: bob.token },
    );
    expect(erased.body.code, erased.body.msg).toBe(200);
    expect(
      await db().select().from(announcementReads).where(eq(announcementReads.userId, bob.userId)),
    ).toEqual([]);
  });
});

// Two connections at once: an operator's delete holds the row while a member reads the notice.
// PGlite runs one statement at a time and has no second connection to hold it from.
const onPostgres = (await databaseVariants()).filter((v) => v.name === 'postgres');
describe.each(onPostgres)('a notice read while it is deleted, on $name', (variant) => {
  const t = useConsole(variant);

  it('waits for the deletion and answers that the notice is not there, not a server error', async () => {
    const content = await t.signedInStaff('cora_content', 'content');
    const member = await registerByUsername(t.api);
    const created = await t.consoleCall<ConsoleAnnouncement>(
      E.consoleAnnouncementCreate,
      fields('Racing'),
      as(content),
    );
    const { id } = created.body.data;
    const operator = new pg.Client({ connectionString: t.app.services.config.databaseUrl });
    await operator.connect();
    try {
      // What deleteAnnouncement does, held open: the row locked and deleted, not yet committed.
      await operator.query('BEGIN');
      await operator.query('SELECT id FROM announcements WHERE id = $1 FOR UPDATE', [id]);
      await operator.query('DELETE FROM announcements WHERE id = $1', [id]);
      const read = t.api.call(
        '/api/user/user_notice_read',
        { id },
        { token: member.token, language: 'zh_CN' },
      );
      // The member's request is waiting on the operator's lock before the delete commits.
      for (let waiting = 0; waiting === 0;) {
        const [row] = rowsOf<{ n: number | string }>(
          await t.db().execute(sql`
            SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`),
        );
        waiting = Number(row!.n);
      }
      await operator.query('COMMIT');
      const answer = await read;
      expect([answer.body.code, answer.body.msg]).toEqual([
        Errors.ANNOUNCEMENT_NOT_FOUND.code,
        Errors.ANNOUNCEMENT_NOT_FOUND.zh_CN,
      ]);
      expect(
        await t
          .db()
          .select()
          .from(announcementReads)
          .where(eq(announcementReads.announcementId, id)),
      ).toEqual([]);
    } finally {
      await operator.end();
    }
  });
});

await describeConsole("the console's site links", {}, (t) => {
  let content: SignedIn;
  const as = (language?: string) => ({
    cookie: content.cookie,
    csrf: content.csrf,
    ...(language ? { headers: { language } } : {}),
  });
  const displayConfig = async () =>
    (await t.api.call<DisplayConfig>('/api/system/system_display_config', {})).body.data;

  it('signs in a content staff member', async () => {
    content = await t.signedInStaff('lena_links', 'content');
  });

  it('changes the links (audited, before and after), keeping the rest of the display config', async () => {
    const before = await displayConfig();
    const read = await t.consoleCall<SiteLinks>(E.consoleLinksRead, {}, as());
    expect(read.body.data).toEqual(before.links);
    const links: SiteLinks = {
      ...before.links,
      more: before.links.more.map((l) =>
        l.key === 'status' ? { ...l, href: 'https://status.example.org/kestrel' } : l,
      ),
      help: before.links.help.map((l) => (l.key === 'plans' ? { ...l, href: '/pricing?x=1' } : l)),
      supportEmail: 'help@kestrel.example',
    };
    const answer = await t.consoleCall<SiteLinks>(E.consoleLinksUpdate, links, as());
    expect(answer.body.code, answer.body.msg).toBe(200);
    const after = await displayConfig();
    expect(after.links).toEqual(links);
    expect({ ...after, links: before.links }).toEqual(before);
    const audit = await t.lastAudit('links.update');
    expect(audit).toMatchObject({
      actorUsername: 'lena_links',
      before: before.links,
      after: links,
    });
  });

  it('refuses a link that is not https:// or a path here, in both languages, and changes nothing', async () => {
    const current = await displayConfig();
    const audits = await t.auditCount();
    const withHelp = (href: string) => ({
      ...current.links,
      help: current.links.help.map((l, i) => (i === 0 ? { ...l, href } : l)),
    });
    for (const [input, error] of [
      [withHelp('http://blog.example'), Errors.LINK_URL_INVALID],
      [withHelp('javascript:alert(1)'), Errors.LINK_URL_INVALID],
      [withHelp('//evil.example/faq'), Errors.LINK_URL_INVALID],
      [withHelp('https://user:pw@evil.example'), Errors.LINK_URL_INVALID],
      [withHelp('/faq page'), Errors.LINK_URL_INVALID],
      [withHelp(''), Errors.LINK_URL_INVALID],
      [{ ...current.links, affiliateContact: '/affiliate' }, Errors.LINK_URL_INVALID],
      [{ ...current.links, supportEmail: 'not-an-address' }, Errors.INVALID_EMAIL],
      [
        { ...current.links, more: [...current.links.more, current.links.more[0]!] },
        Errors.LINK_KEY_TAKEN,
      ],
      [{ ...current.links, help: [{ key: 'no-dashes', href: '/faq' }] }, Errors.LINK_KEY_INVALID],
    ] as const) {
      const answer = await t.consoleCall(E.consoleLinksUpdate, input, as('zh_CN'));
      expect(answer.body.code, JSON.stringify(input).slice(0, 120)).toBe(error.code);
      expect(answer.body.msg).toBe(error.zh_CN);
    }
    expect(await displayConfig()).toEqual(current);
    expect(await t.auditCount()).toBe(audits);
  });

  it('adds a link at the end of a menu (audited, before and after); the site shows it', async () => {
    const before = await displayConfig();
    const answer = await t.consoleCall<SiteLinks>(
      E.consoleLinksAdd,
      { menu: 'more', key: 'telegram', href: ' https://t.me/kestrel_news ' },
      as(),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    const links = {
      ...before.links,
      more: [...before.links.more, { key: 'telegram', href: 'https://t.me/kestrel_news' }],
    };
    expect(answer.body.data).toEqual(links);
    const after = await displayConfig();
    expect(after).toEqual({ ...before, links });
    expect(await t.lastAudit('links.add')).toMatchObject({
      actorUsername: 'lena_links',
      actorKind: 'staff',
      target: 'display_config.links',
      before: before.links,
      after: links,
    });
  });

  it('refuses a bad key, a bad address, a key the menu has and a ninth link, in both languages, and changes nothing', async () => {
    const current = await displayConfig();
    const audits = await t.auditCount();
    const add = (menu: string, key: string, href: string) => ({ menu, key, href });
    for (const [input, error] of [
      [add('more', 'tele-gram', 'https://t.me/x'), Errors.LINK_KEY_INVALID],
      [add('more', '9lives', 'https://t.me/x'), Errors.LINK_KEY_INVALID],
      [add('more', '', 'https://t.me/x'), Errors.LINK_KEY_INVALID],
      [add('more', 'k'.repeat(33), 'https://t.me/x'), Errors.LINK_KEY_INVALID],
      [add('help', 'guide', 'http://guide.example'), Errors.LINK_URL_INVALID],
      [add('help', 'guide', '//guide.example'), Errors.LINK_URL_INVALID],
      [add('help', 'guide', ''), Errors.LINK_URL_INVALID],
      [add('help', 'faq', '/faq-again'), Errors.LINK_KEY_TAKEN],
      [add('footer', 'guide', '/guide'), Errors.BAD_REQUEST],
    ] as const) {
      for (const language of ['en', 'zh_CN'] as const) {
        const answer = await t.consoleCall(E.consoleLinksAdd, input, as(language));
        expect(answer.body.code, JSON.stringify(input)).toBe(error.code);
        expect(answer.body.msg).toBe(language === 'en' ? error.en : error.zh_CN);
      }
    }
    const missing = await t.consoleCall(
      E.consoleLinksRemove,
      { menu: 'help', key: 'nothingHere' },
      as('zh_CN'),
    );
    expect([missing.body.code, missing.body.msg]).toEqual([
      Errors.LINK_NOT_FOUND.code,
      Errors.LINK_NOT_FOUND.zh_CN,
    ]);
    expect(await displayConfig()).toEqual(current);
    expect(await t.auditCount()).toBe(audits);

    // A menu holds 8: the ninth is refused, the menu as it was.
    const room = 8 - current.links.help.length;
    for (let i = 0; i < room; i += 1) {
      const filled = await t.consoleCall(E.consoleLinksAdd, add('help', `extra${i}`, '/x'), as());
      expect(filled.body.code, filled.body.msg).toBe(200);
    }
    const full = await displayConfig();
    expect(full.links.help).toHaveLength(8);
    const ninth = await t.consoleCall(E.consoleLinksAdd, add('help', 'ninth', '/x'), as('zh_CN'));
    expect([ninth.body.code, ninth.body.msg]).toEqual([
      Errors.LINK_MENU_FULL.code,
      Errors.LINK_MENU_FULL.zh_CN,
    ]);
    expect(await displayConfig()).toEqual(full);
    for (let i = 0; i < room; i += 1)
      await t.consoleCall(E.consoleLinksRemove, { menu: 'help', key: `extra${i}` }, as());
    expect(await displayConfig()).toEqual(current);
  });

  it('removes a link (audited, before and after); the other menu and the contacts are kept', async () => {
    const before = await displayConfig();
    const answer = await t.consoleCall<SiteLinks>(
      E.consoleLinksRemove,
      { menu: 'more', key: 'telegram' },
      as(),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    const links = { ...before.links, more: before.links.more.filter((l) => l.key !== 'telegram') };
    expect(links.more).toHaveLength(before.links.more.length - 1);
    expect(answer.body.data).toEqual(links);
    expect(await displayConfig()).toEqual({ ...before, links });
    expect(await t.lastAudit('links.remove')).toMatchObject({
      actorUsername: 'lena_links',
      target: 'display_config.links',
      before: before.links,
      after: links,
    });
    // Removed already: refused, nothing written.
    const audits = await t.auditCount();
    const again = await t.consoleCall(
      E.consoleLinksRemove,
      { menu: 'more', key: 'telegram' },
      as(),
    );
    expect(again.body.code).toBe(Errors.LINK_NOT_FOUND.code);
    expect(await t.auditCount()).toBe(audits);
  });
});

await describeConsole("the console's benefits", {}, (t) => {
  const { db } = t;
  let content: SignedIn;
  let member: Registered;
  const benefit = (extra: Record<string, unknown> = {}) => ({
    titleEn: 'Music streaming',
    titleZh: '音乐会员',
    descriptionEn: 'A shared family account.',
    descriptionZh: '共享家庭账号。',
    account: 'music@partner.example',
    password: 'pw-secret-1',
    link: 'https://music.example/login',
    sort: 5,
    ...extra,
  });
  /** What a yearly member sees on /user/benefits, in a language. */
  const memberBenefits = async (language: 'en' | 'zh_CN') =>
    (
      await t.api.call<{ items: Array<{ title: string; account: string; link: string }> }>(
        '/api/system/system_user_benefits',
        {},
        { token: member.token, language },
      )
    ).body.data.items;

  it('signs in a content staff member; a member with a yearly plan', async () => {
    content = await t.signedInStaff('bea_benefits', 'content');
    const registered = await registerByUsername(t.api);
    await db()
      .update(users)
      .set({ yearlyPaid: true, benefitsExpireTime: sql`now() + interval '300 days'` })
      .where(eq(users.id, registered.userId));
    // A new sign-in reads the account afresh.
    const login = await t.api.call('/api/user/user_login', {
      account: registered.username,
      password: PASSWORD,
    });
    member = { ...registered, token: String(login.headers.pragma) };
  });

  it('adds one (audited, the password redacted); members see it in their language', async () => {
    const added = await t.consoleCall<ConsoleBenefit>(
      E.consoleBenefitCreate,
      benefit(),
      as(content),
    );
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data).toMatchObject({ ...benefit(), active: true });
    const audit = await t.lastAudit('benefit.create');
    expect(audit).toMatchObject({
      actorUsername: 'bea_benefits',
      target: `benefit:${added.body.data.id}`,
    });
    expect(JSON.stringify(audit!.after)).not.toContain('pw-secret-1');
    const listed = await t.consoleCall<{ benefits: ConsoleBenefit[] }>(
      E.consoleBenefitList,
      {},
      as(content),
    );
    expect(listed.body.data.benefits.map((b) => b.id)).toContain(added.body.data.id);
    const shared = { account: 'music@partner.example', link: 'https://music.example/login' };
    expect(await memberBenefits('en')).toContainEqual(
      expect.objectContaining({ title: 'Music streaming', ...shared }),
    );
    expect(await memberBenefits('zh_CN')).toContainEqual(
      expect.objectContaining({ title: '音乐会员', ...shared }),
    );
  });

  it('changes one and hides it (audited, before and after); members no longer see it', async () => {
    const added = await t.consoleCall<ConsoleBenefit>(
      E.consoleBenefitCreate,
      benefit({ titleEn: 'Cloud storage', titleZh: '云存储' }),
      as(content),
    );
    const id = added.body.data.id;
    const changed = await t.consoleCall<ConsoleBenefit>(
      E.consoleBenefitUpdate,
      { id, ...benefit({ titleEn: 'Cloud drive', titleZh: '云盘', active: false }) },
      as(content),
    );
    expect(changed.body.data).toMatchObject({ id, titleEn: 'Cloud drive', active: false });
    const audit = await t.lastAudit('benefit.update');
    expect(audit).toMatchObject({
      before: expect.objectContaining({ titleEn: 'Cloud storage', active: true }),
      after: expect.objectContaining({ titleEn: 'Cloud drive', active: false }),
    });
    const titles = (await memberBenefits('en')).map((b) => b.title);
    expect(titles).not.toContain('Cloud drive');
    expect(titles).not.toContain('Cloud storage');
  });

  it('refuses bad input in both languages and changes nothing', async () => {
    const before = await db().select().from(benefits);
    const audits = await t.auditCount();
    for (const [input, error] of [
      [benefit({ titleZh: '' }), Errors.BENEFIT_TITLE_REQUIRED],
      [benefit({ titleEn: 'x'.repeat(121) }), Errors.BENEFIT_TITLE_REQUIRED],
      [benefit({ descriptionZh: '' }), Errors.BENEFIT_DESCRIPTION_INVALID],
      [benefit({ password: ' ' }), Errors.BENEFIT_ACCOUNT_REQUIRED],
      [benefit({ link: 'javascript:alert(1)' }), Errors.BENEFIT_LINK_INVALID],
      [benefit({ link: 'music.example' }), Errors.BENEFIT_LINK_INVALID],
      [benefit({ sort: 1.5 }), Errors.BENEFIT_SORT_INVALID],
    ] as const) {
      const answer = await t.consoleCall(E.consoleBenefitCreate, input, as(content, 'zh_CN'));
      expect(answer.body.code, JSON.stringify(input).slice(0, 80)).toBe(error.code);
      expect(answer.body.msg).toBe(error.zh_CN);
    }
    const missing = await t.consoleCall(
      E.consoleBenefitUpdate,
      { id: 2_000_000_000, ...benefit() },
      as(content),
    );
    expect(missing.body.code).toBe(Errors.BENEFIT_NOT_FOUND.code);
    expect(await db().select().from(benefits)).toEqual(before);
    expect(await t.auditCount()).toBe(audits);
  });

  it('the CLI changes them through the same function, audited as cli', async () => {
    const added = await t.consoleCall<ConsoleBenefit>(
      E.consoleBenefitCreate,
      benefit({ titleEn: 'Video', titleZh: '视频' }),
      as(content),
    );
    const id = added.body.data.id;
    const ran = await t.runCli(['benefits', 'disable', String(id)]);
    expect(ran.code, ran.err.join('\n')).toBe(0);
    expect(await t.lastAudit('benefit.update')).toMatchObject({
      actorKind: 'cli',
      target: `benefit:${id}`,
      after: expect.objectContaining({ active: false }),
    });
  });
});

await describeConsole('announcements and links from the CLI', {}, (t) => {
  const { clock, db } = t;
  const cli = (...argv: string[]) => t.runCli(argv);
  const displayConfig = async () =>
    (await t.api.call<DisplayConfig>('/api/system/system_display_config', {})).body.data;
  const announcementCount = async () =>
    (await db().select({ n: count() }).from(announcements))[0]!.n;
  let member: Registered;

  it('writes, changes, lists and withdraws an announcement: members see it in their language', async () => {
    member = await registerByUsername(t.api);
    const added = await cli(
      'announcements',
      'add',
      ...['--title-en', 'Maintenance tonight', '--title-zh', '今晚维护'],
      ...['--body-en', 'Nodes restart at 02:00.', '--body-zh', '节点将于 02:00 重启。'],
      '--banner',
    );
    expect(added.code, added.err.join('\n')).toBe(0);
    const id = Number(/^Announcement (\d+): live, banner/.exec(added.out[0]!)![1]);
    expect(await t.lastAudit('announcement.create')).toMatchObject({
      actorKind: 'cli',
      target: `announcement:${id}`,
    });
    const seen = async (language: 'en' | 'zh_CN') =>
      (
        await t.api.call<{ notices: Notice[] }>(
          '/api/user/user_notices',
          {},
          { token: member.token, language },
        )
      ).body.data.notices.map((n) => n.title);
    expect(await seen('en')).toEqual(['Maintenance tonight']);
    expect(await seen('zh_CN')).toEqual(['今晚维护']);

    // Only what is named changes; `none` clears a moment.
    const ends = new Date(clock.ms + 60 * MINUTE).toISOString();
    const edited = await cli(
      'announcements',
      'edit',
      String(id),
      '--title-en',
      'Maintenance at 2',
      '--ends',
      ends,
      '--no-banner',
    );
    expect(edited.code, edited.err.join('\n')).toBe(0);
    const [row] = await db().select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({
      titleEn: 'Maintenance at 2',
      titleZh: '今晚维护',
      bodyZh: '节点将于 02:00 重启。',
      banner: false,
    });
    expect(row!.endsAt?.toISOString()).toBe(ends);
    const listed = await cli('announcements', 'list');
    expect(listed.out.join('\n')).toMatch(new RegExp(`${id} +live +- .*Maintenance at 2`));

    // Read by the member: deleting is refused (exit 1, the catalogue's words), withdrawing works.
    const read = await t.api.call('/api/user/user_notice_read', { id }, { token: member.token });
    expect(read.body.code, read.body.msg).toBe(200);
    const deleted = await cli('announcements', 'delete', String(id));
    expect(deleted.code).toBe(1);
    expect(deleted.err.join('\n')).toContain(Errors.ANNOUNCEMENT_ALREADY_READ.en);
    expect((await cli('announcements', 'withdraw', String(id))).code).toBe(0);
    expect(await seen('en')).toEqual([]);
  });

  it('refuses bad announcements with the reason and changes nothing', async () => {
    const before = await announcementCount();
    const at = (minutes: number) => new Date(clock.ms + minutes * MINUTE).toISOString();
    const texts = ['--title-en', 'a', '--title-zh', 'b', '--body-en', 'c', '--body-zh', 'd'];
    const backwards = await cli(
      'announcements',
      'add',
      ...texts,
      '--starts',
      at(10),
      '--ends',
      at(5),
    );
    expect([backwards.code, backwards.err.join('\n')]).toEqual([
      1,
      expect.stringContaining(Errors.ANNOUNCEMENT_ENDS_BEFORE_START.en),
    ]);
    expect((await cli('announcements', 'add', ...texts.slice(2))).code).toBe(2);
    expect((await cli('announcements', 'add', ...texts, '--starts', 'soon')).code).toBe(2);
    const missing = await cli('announcements', 'withdraw', '99999');
    expect([missing.code, missing.err.join('\n')]).toEqual([
      1,
      expect.stringContaining(Errors.ANNOUNCEMENT_NOT_FOUND.en),
    ]);
    // Editing one that is not there says so, not that the fields not given are missing.
    const noSuch = await cli('announcements', 'edit', '99999', '--title-en', 'Later');
    expect([noSuch.code, noSuch.err]).toEqual([1, [`error: ${Errors.ANNOUNCEMENT_NOT_FOUND.en}`]]);
    expect(await announcementCount()).toBe(before);
  });

  it('sets and removes one link at a time and changes the contacts, checked like the console', async () => {
    const before = await displayConfig();
    const set = await cli('links', 'set', 'help', 'guide', '/download');
    expect(set.code, set.err.join('\n')).toBe(0);
    expect((await displayConfig()).links.help.at(-1)).toEqual({ key: 'guide', href: '/download' });
    expect(await t.lastAudit('links.update')).toMatchObject({ actorKind: 'cli' });
    const replaced = await cli('links', 'set', 'help', 'guide', 'https://guide.example/start');
    expect(replaced.code).toBe(0);
    expect((await displayConfig()).links.help.filter((l) => l.key === 'guide')).toEqual([
      { key: 'guide', href: 'https://guide.example/start' },
    ]);
    const contacts = await cli('links', 'contacts', '--support-email', 'care@kestrel.example');
    expect(contacts.out).toContain('support e-mail: care@kestrel.example');
    const current = await displayConfig();

    const bad = await cli('links', 'set', 'more', 'blog', 'http://blog.example');
    expect([bad.code, bad.err.join('\n')]).toEqual([
      1,
      expect.stringContaining(Errors.LINK_URL_INVALID.en),
    ]);
    const missing = await cli('links', 'remove', 'more', 'nothingHere');
    expect([missing.code, missing.err.join('\n')]).toEqual([
      1,
      expect.stringContaining(Errors.LINK_NOT_FOUND.en),
    ]);
    const badKey = await cli('links', 'set', 'more', 'no-dashes', '/faq');
    expect([badKey.code, badKey.err.join('\n')]).toEqual([
      1,
      expect.stringContaining(Errors.LINK_KEY_INVALID.en),
    ]);
    expect((await cli('links', 'set', 'menu', 'x', '/faq')).code).toBe(2);
    expect((await cli('links', 'contacts')).code).toBe(2);
    expect(await displayConfig()).toEqual(current);

    expect((await cli('links', 'remove', 'help', 'guide')).code).toBe(0);
    expect(await t.lastAudit('links.remove')).toMatchObject({ actorKind: 'cli' });
    expect((await displayConfig()).links).toEqual({
      ...before.links,
      supportEmail: 'care@kestrel.example',
    });
  });
});
