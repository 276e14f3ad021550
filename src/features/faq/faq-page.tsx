import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { MarkdownBlocks, MarkdownInline, TextLoading } from '../../components/markdown-text';
import { FAQ_TEXT } from '../../lib/page-texts/faq';
import { parseMarkdown, sectionsOf } from '../../lib/page-texts/markdown';
import { usePageText } from '../../lib/queries/page-text';
import { useSupportEmail } from '../../lib/queries/use-display-config';
import './faq.css';

function Question({
  id,
  question,
  children,
}: {
  id: string;
  question: ReactNode;
  children: ReactNode;
}) {
  return (
    <details className="faq-item card" id={id}>
      <summary className="faq-item__question">
        <h2>{question}</h2>
        <span className="faq-item__caret" aria-hidden="true" />
      </summary>
      <div className="faq-item__answer">{children}</div>
    </details>
  );
}

/**
 * /faq: the questions of SPEC §2, each a `## heading` of the FAQ's text (the built-in Markdown, or
 * the one staff published in the console: docs/web.md "Content pages"), shown as a collapsible item.
 */
export default function FaqPage() {
  const values = { supportEmail: useSupportEmail() };
  const text = usePageText('faq', FAQ_TEXT);
  const { intro, sections } = sectionsOf(text ? parseMarkdown(text.markdown) : []);
  return (
    <main className="page">
      <div className="container faq">
        <h1 className="page-title">
          <Trans>Frequently asked questions</Trans>
        </h1>
        {text === null ? (
          <TextLoading />
        ) : (
          <>
            {intro.length > 0 && (
              <div className="lead faq-intro">
                <MarkdownBlocks blocks={intro} values={values} />
              </div>
            )}
            <div className="faq-list">
              {sections.map((section, n) => (
                <Question
                  key={n}
                  id={`question-${n + 1}`}
                  question={<MarkdownInline nodes={section.title} values={values} />}
                >
                  <MarkdownBlocks blocks={section.blocks} values={values} />
                </Question>
              ))}
            </div>
          </>
        )}
      </div>
    </main>
  );
}
