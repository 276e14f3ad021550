import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClauseName } from '../../../contract/web-routes';
import { MarkdownBlocks, TextLoading } from '../../components/markdown-text';
import { formatDateTime } from '../../i18n/intl-format';
import { builtInClauseDate, CLAUSE_TEXTS } from '../../lib/page-texts/clauses';
import { parseMarkdown, sectionsOf } from '../../lib/page-texts/markdown';
import { usePageText } from '../../lib/queries/page-text';
import { useSupportEmail } from '../../lib/queries/use-display-config';
import './clauses.css';

const route = getRouteApi('/clause/$name');

/**
 * /clause/terms, /clause/privacy, /clause/canary; the route answers 404 for any other name. The
 * text is the clause's built-in Markdown or the one staff published in the console (docs/web.md
 * "Content pages"); each `## heading` starts a section, and "last updated" is the publication's
 * date (the built-in text's own otherwise).
 */
export default function ClausePage() {
  const { name } = route.useParams() as { name: ClauseName };
  const { i18n } = useLingui();
  const supportEmail = useSupportEmail();
  const text = usePageText(name, CLAUSE_TEXTS[name]);
  const title =
    name === 'terms' ? (
      <Trans>Terms of Service</Trans>
    ) : name === 'privacy' ? (
      <Trans>Privacy Policy</Trans>
    ) : (
      <Trans>Warrant canary</Trans>
    );
  const updated =
    text &&
    formatDateTime(
      i18n.locale,
      { dateStyle: 'long', timeZone: 'UTC' },
      text.updatedAt ?? builtInClauseDate(name),
    );
  const values = { supportEmail, updated: updated ?? '' };
  const { intro, sections } = sectionsOf(text ? parseMarkdown(text.markdown) : []);
  return (
    <main className="page">
      <article className="container clause">
        <h1 className="page-title">{title}</h1>
        {text === null ? (
          <TextLoading />
        ) : (
          <>
            <p className="clause-updated">
              <Trans>Last updated: {updated}</Trans>
            </p>
            <div className="clause-text">
              <MarkdownBlocks blocks={intro} values={values} noteClassName="clause-canary" />
              {sections.map((section, n) => (
                <section key={n} className="clause-section">
                  <MarkdownBlocks
                    blocks={[
                      { kind: 'heading', level: 2, content: section.title },
                      ...section.blocks,
                    ]}
                    values={values}
                    noteClassName="clause-canary"
                  />
                </section>
              ))}
            </div>
          </>
        )}
      </article>
    </main>
  );
}
