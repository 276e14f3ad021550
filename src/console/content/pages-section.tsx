import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONTENT_PAGE_LIMITS, type ContentPage } from '../../../contract/content-pages';
import {
  consoleContentPagePublish,
  consoleContentPageRestore,
  contentPagePublishFields,
  type ConsoleContentPage,
} from '../../../contract/endpoints/console-content';
import type { Locale } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import { useDateTime } from '../../components/formats';
import { MarkdownBlocks } from '../../components/markdown-text';
import type { DataColumn } from '../../components/ui/data-table';
import { errorCodeOf } from '../../lib/api-error';
import { CLAUSE_TEXTS } from '../../lib/page-texts/clauses';
import { FAQ_TEXT } from '../../lib/page-texts/faq';
import { parseMarkdown } from '../../lib/page-texts/markdown';
import { consoleCall } from '../api/console-client';
import { contentPagesQuery, siteLinksQuery } from '../api/console-queries';
import { useQuestion } from '../confirmed-act';
import { actionsColumn } from '../console-table';
import { ChangeButton, ContentFormCard, ContentListSection, useContentList } from './content-list';
import { TextAreaField } from './text-area-field';
import { useContentForm } from './use-content-form';
import { SmallButton } from '../small-button';

/** The text that ships with the site: where an editor starts on a page nobody replaced. */
const builtInText = (page: ContentPage): Readonly<Record<Locale, string>> =>
  page === 'faq' ? FAQ_TEXT : CLAUSE_TEXTS[page];

function usePageName() {
  const { t } = useLingui();
  return (page: ContentPage) =>
    page === 'faq'
      ? t`FAQ`
      : page === 'terms'
        ? t`Terms of Service`
        : page === 'privacy'
          ? t`Privacy Policy`
          : t`Warrant canary`;
}

/** One language's text with its preview, rendered as the site renders it. */
function PageTextField({
  legend,
  lang,
  label,
  value,
  onChange,
  error,
}: {
  legend: ReactNode;
  lang: Locale;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const supportEmail = useQuery(siteLinksQuery).data?.supportEmail ?? 'support@kestrel.example';
  return (
    <fieldset className="console-content__language">
      <legend>{legend}</legend>
      <TextAreaField
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        lang={lang}
        rows={16}
        maxLength={CONTENT_PAGE_LIMITS.body}
      />
      <details className="console-page-preview">
        <summary>
          <Trans>Preview</Trans>
        </summary>
        <div lang={lang} className="console-page-preview__text">
          <MarkdownBlocks
            blocks={parseMarkdown(value)}
            values={{ supportEmail, updated: new Date().toISOString().slice(0, 10) }}
          />
        </div>
      </details>
    </fieldset>
  );
}

/** Publishes a page's text in both languages, starting from its current one. */
function PageForm({
  page,
  onSaved,
  onCancel,
  onOutdated,
}: {
  page: ConsoleContentPage;
  onSaved: () => void;
  onCancel: () => void;
  /** The page was published by someone else since it was opened. */
  onOutdated: () => void;
}) {
  const pageName = usePageName();
  const builtIn = builtInText(page.page);
  const { draft, field, failure, pending, submit } = useContentForm(
    page.replaced
      ? { bodyEn: page.bodyEn, bodyZh: page.bodyZh }
      : { bodyEn: builtIn.en, bodyZh: builtIn['zh-CN'] },
  );
  const save = () =>
    submit(
      contentPagePublishFields,
      { page: page.page, ...draft, basedOn: page.updatedAt },
      async (fields) => {
        try {
          await consoleCall(consoleContentPagePublish, fields);
        } catch (refusal) {
          // Someone published it meanwhile: the list shows when and who; the draft stays here.
          if (errorCodeOf(refusal) === Errors.CONTENT_PAGE_CHANGED.code) onOutdated();
          throw refusal;
        }
        onSaved();
      },
    );
  const name = pageName(page.page);
  // The placeholders' names, as staff type them (never translated).
  const supportEmail = <code>{'{supportEmail}'}</code>;
  const updated = <code>{'{updated}'}</code>;
  return (
    <ContentFormCard
      title={<Trans>Change “{name}”</Trans>}
      onSubmit={() => void save()}
      failure={failure}
      pending={pending}
      submit={<Trans>Publish both languages</Trans>}
      onCancel={onCancel}
    >
      <p className="console-muted">
        {page.replaced ? (
          <Trans>The site shows the text below, published in the console.</Trans>
        ) : (
          <Trans>The site shows its built-in text, below. Publishing replaces it.</Trans>
        )}
      </p>
      <p className="console-muted">
        <Trans>
          Markdown: “## ” starts a heading (on the FAQ, each heading is a question), “- ” or “1. ” a
          list item, “&gt; ” a highlighted note; **bold**, *italic*, [words](/download) for a link.{' '}
          {supportEmail} is the support e-mail, {updated} the date of the text. HTML is shown as
          text.
        </Trans>
      </p>
      <div className="console-content__languages">
        <PageTextField
          legend={<Trans>English</Trans>}
          lang="en"
          label={<Trans>Text (English)</Trans>}
          {...field('bodyEn')}
        />
        <PageTextField
          legend={<Trans>Chinese</Trans>}
          lang="zh-CN"
          label={<Trans>Text (Chinese)</Trans>}
          {...field('bodyZh')}
        />
      </div>
    </ContentFormCard>
  );
}

/**
 * The FAQ and the clauses (docs/console.md "Content pages"): each page's text, built in or
 * published here; change it in both languages, or restore the built-in text.
 */
export function PagesSection() {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const pageName = usePageName();
  const list = useQuery(contentPagesQuery);
  const { editing, edit, form, act, pending, refresh, frame } = useContentList<ConsoleContentPage>(
    contentPagesQuery.queryKey,
  );
  const question = useQuestion(act, pending);

  const askRestore = (p: ConsoleContentPage) =>
    question.ask({
      title: <Trans>Restore the built-in text of “{pageName(p.page)}”?</Trans>,
      text: (
        <Trans>
          Visitors see the text that ships with the site again, in both languages. The published
          text stays in the audit trail.
        </Trans>
      ),
      label: <Trans>Restore</Trans>,
      run: async () => {
        await consoleCall(consoleContentPageRestore, { page: p.page });
        // The text open in the form was just replaced by the built-in one: the form closes.
        if (editing?.page === p.page) form.onCancel();
      },
    });

  const columns: DataColumn<ConsoleContentPage>[] = [
    { key: 'page', header: t`Page`, rowHeader: true, cell: (p) => pageName(p.page) },
    {
      key: 'text',
      header: t`Text`,
      cell: (p) =>
        p.replaced && p.updatedAt ? (
          p.updatedBy ? (
            <Trans>
              Published {dateTime(p.updatedAt)} by {p.updatedBy}
            </Trans>
          ) : (
            <Trans>Published {dateTime(p.updatedAt)}</Trans>
          )
        ) : (
          <Trans>Built-in text</Trans>
        ),
    },
    actionsColumn(t`Actions`, (p) => (
      <>
        <ChangeButton name={t`Change “${pageName(p.page)}”`} onClick={() => edit(p)} />
        {p.replaced && (
          <SmallButton
            label={t`Restore the built-in text of “${pageName(p.page)}”`}
            onClick={() => askRestore(p)}
          >
            <Trans>Restore the built-in text</Trans>
          </SmallButton>
        )}
      </>
    )),
  ];

  return (
    <>
      <ContentListSection
        form={
          editing && (
            <PageForm
              key={`${editing.page}:${editing.updatedAt ?? 'built-in'}`}
              page={editing}
              {...form}
              onOutdated={() => void refresh()}
            />
          )
        }
        frame={frame}
        savedNote={<Trans>Published. Visitors see the new text in both languages.</Trans>}
        title={<Trans>FAQ and clauses</Trans>}
        query={list}
        rows={list.data?.pages}
        columns={columns}
        rowKey={(p) => p.page}
        empty={<Trans>No pages.</Trans>}
      />
      {question.dialog}
    </>
  );
}
