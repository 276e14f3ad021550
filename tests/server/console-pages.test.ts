/**
 * The console's content pages: the FAQ and the three clauses (issue 21, item 9; docs/console.md
 * "Content pages"), through the real HTTP server and database. A content staff member publishes a
 * replacement text in both languages (audited with the page before and after), visitors read it
 * through the public `system_page_text`, and restoring brings the built-in text back (no
 * replacement). Bad input is refused in both languages with nothing changed; a publication made
 * by someone else since the editor opened is not overwritten; support staff are kept out.
 */
import { expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type { ConsoleContentPage } from '../../contract/endpoints/console-content';
import type { PageReplacement } from '../../contract/endpoints/system';
import { contentPages } from '../../server/db/schema';
import { type SignedIn, as, describeConsole } from './helpers/console';

const E = consoleEndpoints;

const FAQ_EN = 'Write to {supportEmail}.\n\n## Is it fast?\n\nYes, **very**.';
const FAQ_ZH = '请写信至 {supportEmail}。\n\n## 快吗？\n\n是的，**非常快**。';

await describeConsole('the console content pages', {}, (t) => {
  const { clock, db } = t;
  let content: SignedIn;
  let owner: SignedIn;
  let support: SignedIn;

  const list = async (who: SignedIn = content) =>
    (await t.consoleCall<{ pages: ConsoleContentPage[] }>(E.consoleContentPageList, {}, as(who)))
      .body.data.pages;
  const publish = (input: Record<string, unknown>, who: SignedIn = content, language?: string) =>
    t.consoleCall<ConsoleContentPage>(E.consoleContentPagePublish, input, as(who, language));
  const restore = (page: string, who: SignedIn = content, language?: string) =>
    t.consoleCall<ConsoleContentPage>(E.consoleContentPageRestore, { page }, as(who, language));
  const publicText = async (page: string, language: 'en' | 'zh_CN' = 'en') =>
    (
      await t.api.call<{ replacement: PageReplacement | null }>(
        '/api/system/system_page_text',
        { page },
        { language },
      )
    ).body;

  it('signs in a content, an owner and a support staff member', async () => {
    content = await t.signedInStaff('cleo_content', 'content');
    owner = await t.signedInStaff('otto_owner', 'owner');
    support = await t.signedInStaff('sue_support', 'support');
  });

  it('lists the four pages with the built-in text (no replacement) at first', async () => {
    const pages = await list();
    expect(pages.map((p) => p.page)).toEqual(['faq', 'terms', 'privacy', 'canary']);
    for (const page of pages)
      expect(page).toMatchObject({ replaced: false, bodyEn: '', bodyZh: '', updatedAt: null });
    const open = await publicText('faq');
    expect(open.code, open.msg).toBe(200);
    expect(open.data.replacement).toBeNull();
  });

  it('keeps support staff out, and the public read asks a known page', async () => {
    for (const answer of [
      await t.consoleCall(E.consoleContentPageList, {}, as(support)),
      await publish({ page: 'faq', bodyEn: 'x', bodyZh: 'y', basedOn: null }, support),
      await restore('faq', support),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);
    }
    const unknown = await publicText('cookies', 'zh_CN');
    expect(unknown.code).toBe(Errors.CONTENT_PAGE_UNKNOWN.code);
    expect(unknown.msg).toBe(Errors.CONTENT_PAGE_UNKNOWN.zh_CN);
  });

  let faq: ConsoleContentPage;

  it('publishes the FAQ in both languages at once, audited with the page before and after', async () => {
    const audits = await t.auditCount();
    const answer = await publish({
      page: 'faq',
      bodyEn: `  ${FAQ_EN}\n`,
      bodyZh: FAQ_ZH,
      basedOn: null,
    });
    expect(answer.body.code, answer.body.msg).toBe(200);
    faq = answer.body.data;
    expect(faq).toEqual({
      page: 'faq',
      replaced: true,
      bodyEn: FAQ_EN,
      bodyZh: FAQ_ZH,
      updatedAt: new Date(clock.ms).toISOString(),
      updatedBy: 'cleo_content',
    });
    expect(await t.auditCount()).toBe(audits + 1);
    const audit = await t.lastAudit('page.publish');
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorUsername: 'cleo_content',
      target: 'page:faq',
      before: { page: 'faq', replaced: false, bodyEn: '', bodyZh: '', updatedAt: null },
      after: faq,
    });
    // Visitors read it in both languages; the other pages keep their built-in text.
    const open = await publicText('faq', 'zh_CN');
    expect(open.data.replacement).toEqual({
      bodyEn: FAQ_EN,
      bodyZh: FAQ_ZH,
      updatedAt: faq.updatedAt,
    });
    expect((await publicText('terms')).data.replacement).toBeNull();
    expect((await list()).find((p) => p.page === 'faq')).toEqual(faq);
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    const rows = await db().select().from(contentPages);
    const audits = await t.auditCount();
    const base = { page: 'terms', bodyEn: '## 1. Terms', bodyZh: '## 1. 条款', basedOn: null };
    for (const [input, error] of [
      [{ ...base, bodyEn: '  \n ' }, Errors.CONTENT_PAGE_BODY_REQUIRED],
      [{ ...base, bodyZh: undefined }, Errors.CONTENT_PAGE_BODY_REQUIRED],
      [{ ...base, bodyZh: '长'.repeat(20_001) }, Errors.CONTENT_PAGE_BODY_TOO_LONG],
      [{ ...base, page: 'cookies' }, Errors.CONTENT_PAGE_UNKNOWN],
      [{ ...base, page: undefined }, Errors.CONTENT_PAGE_UNKNOWN],
      [{ ...base, basedOn: 'yesterday' }, Errors.CONTENT_PAGE_CHANGED],
      [{ ...base, bodyEn: 'a\u0000b' }, Errors.INPUT_INVALID_CHARACTER],
    ] as const) {
      const answer = await publish(input, content, 'zh_CN');
      expect(answer.body.code, JSON.stringify(input).slice(0, 80)).toBe(error.code);
      expect(answer.body.msg).toBe(error.zh_CN);
    }
    const english = await publish({ ...base, bodyEn: '' }, content, 'en');
    expect(english.body.msg).toBe(Errors.CONTENT_PAGE_BODY_REQUIRED.en);
    const unknown = await restore('cookies', content, 'zh_CN');
    expect(unknown.body.code).toBe(Errors.CONTENT_PAGE_UNKNOWN.code);
    expect(unknown.body.msg).toBe(Errors.CONTENT_PAGE_UNKNOWN.zh_CN);
    expect(await db().select().from(contentPages)).toEqual(rows);
    expect(await t.auditCount()).toBe(audits);
  });

  it('refuses to overwrite a publication made since the editor opened (CONTENT_PAGE_CHANGED)', async () => {
    const audits = await t.auditCount();
    // Another editor still holds the built-in text, or an older publication.
    for (const basedOn of [null, new Date(clock.ms - 60_000).toISOString()]) {
      const stale = await publish({ page: 'faq', bodyEn: 'Mine', bodyZh: '我的', basedOn }, owner);
      expect(stale.body.code).toBe(Errors.CONTENT_PAGE_CHANGED.code);
    }
    expect((await list()).find((p) => p.page === 'faq')).toEqual(faq);
    expect(await t.auditCount()).toBe(audits);

    // Started from the current text: published, and "last updated" moves on.
    clock.advance(90_000);
    const fresh = await publish(
      { page: 'faq', bodyEn: `${FAQ_EN}\n\nMore.`, bodyZh: FAQ_ZH, basedOn: faq.updatedAt },
      owner,
    );
    expect(fresh.body.code, fresh.body.msg).toBe(200);
    expect(fresh.body.data).toMatchObject({
      updatedAt: new Date(clock.ms).toISOString(),
      updatedBy: 'otto_owner',
    });
    const audit = await t.lastAudit('page.publish');
    expect(audit).toMatchObject({
      actorUsername: 'otto_owner',
      before: faq,
      after: fresh.body.data,
    });
    faq = fresh.body.data;
  });

  it('publishes two pages at once, each with its own text', async () => {
    const [terms, canary] = await Promise.all([
      publish({ page: 'terms', bodyEn: '## Terms', bodyZh: '## 条款', basedOn: null }),
      publish({
        page: 'canary',
        bodyEn: '> As of {updated}',
        bodyZh: '> 截至 {updated}',
        basedOn: null,
      }),
    ]);
    expect(terms.body.code, terms.body.msg).toBe(200);
    expect(canary.body.code, canary.body.msg).toBe(200);
    expect((await publicText('terms')).data.replacement?.bodyZh).toBe('## 条款');
    expect((await publicText('canary')).data.replacement?.bodyEn).toBe('> As of {updated}');
  });

  it('lets only one of two editors who started from the same text publish', async () => {
    const started = (await list()).find((p) => p.page === 'privacy')!;
    const answers = await Promise.all(
      ['one', 'two'].map((who) =>
        publish({ page: 'privacy', bodyEn: who, bodyZh: who, basedOn: started.updatedAt }),
      ),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, Errors.CONTENT_PAGE_CHANGED.code].sort());
    expect(await db().select().from(contentPages)).toHaveLength(8);
  });

  it('restores the built-in text: the replacement goes, audited; a second restore changes nothing', async () => {
    const restored = await restore('faq');
    expect(restored.body.code, restored.body.msg).toBe(200);
    expect(restored.body.data).toEqual({
      page: 'faq',
      replaced: false,
      bodyEn: '',
      bodyZh: '',
      updatedAt: null,
      updatedBy: null,
    });
    const audit = await t.lastAudit('page.restore');
    expect(audit).toMatchObject({ target: 'page:faq', before: faq, after: restored.body.data });
    expect((await publicText('faq')).data.replacement).toBeNull();
    expect((await list()).find((p) => p.page === 'faq')!.replaced).toBe(false);

    const audits = await t.auditCount();
    const again = await restore('faq');
    expect(again.body.code).toBe(200);
    expect(again.body.data.replaced).toBe(false);
    expect(await t.auditCount()).toBe(audits);
    // The owner's role may restore too; the other pages keep their replacements until then.
    expect((await restore('terms', owner)).body.data.replaced).toBe(false);
    expect((await publicText('canary')).data.replacement).not.toBeNull();
  });
});
