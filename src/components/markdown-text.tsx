import { Fragment, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { linkTarget, type Block, type Inline } from '../lib/page-texts/markdown';

/**
 * What the placeholders of a content page stand for: the support e-mail (shown as a mail link)
 * and, on a clause, the date it was last updated.
 */
export interface MarkdownValues {
  readonly supportEmail: string;
  readonly updated?: string;
}

const fill = (href: string, values: MarkdownValues) =>
  href.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name === 'supportEmail'
      ? values.supportEmail
      : name === 'updated'
        ? (values.updated ?? whole)
        : whole,
  );

/**
 * Inline Markdown as React elements: text is always text (never HTML), a link to a path of the
 * site is a router link, an https:, http: or mailto: one an anchor, any other just its words.
 */
export function MarkdownInline({
  nodes,
  values,
  inLink = false,
}: {
  nodes: readonly Inline[];
  values: MarkdownValues;
  inLink?: boolean;
}) {
  return (
    <>
      {nodes.map((node, n) => {
        switch (node.kind) {
          case 'text':
            return <Fragment key={n}>{node.text}</Fragment>;
          case 'strong':
            return (
              <strong key={n}>
                <MarkdownInline nodes={node.children} values={values} inLink={inLink} />
              </strong>
            );
          case 'em':
            return (
              <em key={n}>
                <MarkdownInline nodes={node.children} values={values} inLink={inLink} />
              </em>
            );
          case 'placeholder':
            if (node.name === 'supportEmail' && !inLink)
              return (
                <a key={n} href={`mailto:${values.supportEmail}`}>
                  {values.supportEmail}
                </a>
              );
            return <Fragment key={n}>{fill(`{${node.name}}`, values)}</Fragment>;
          case 'link': {
            const words = <MarkdownInline nodes={node.children} values={values} inLink />;
            const target = inLink ? null : linkTarget(fill(node.href, values));
            if (target?.kind === 'internal')
              return (
                <Link key={n} to={target.path}>
                  {words}
                </Link>
              );
            if (target?.kind === 'external')
              return (
                <a key={n} href={target.href} rel="noopener noreferrer">
                  {words}
                </a>
              );
            return <Fragment key={n}>{words}</Fragment>;
          }
        }
      })}
    </>
  );
}

/** Blocks of a content page; `note` is a paragraph screen readers announce as a note. */
export function MarkdownBlocks({
  blocks,
  values,
  noteClassName,
}: {
  blocks: readonly Block[];
  values: MarkdownValues;
  noteClassName?: string;
}): ReactNode {
  return blocks.map((block, n) => {
    const content =
      'content' in block ? <MarkdownInline nodes={block.content} values={values} /> : null;
    switch (block.kind) {
      case 'heading':
        return block.level === 2 ? <h2 key={n}>{content}</h2> : <h3 key={n}>{content}</h3>;
      case 'paragraph':
        return <p key={n}>{content}</p>;
      case 'note':
        return (
          <p key={n} role="note" className={noteClassName}>
            {content}
          </p>
        );
      case 'list': {
        const items = block.items.map((item, i) => (
          <li key={i}>
            <MarkdownInline nodes={item} values={values} />
          </li>
        ));
        return block.ordered ? <ol key={n}>{items}</ol> : <ul key={n}>{items}</ul>;
      }
    }
  });
}

/** A content page's text on its way (an in-app visit: docs/web.md "Content pages"). */
export function TextLoading() {
  return (
    <p role="status" className="page-text-loading">
      <span className="spinner" aria-hidden="true" /> <Trans>Loading…</Trans>
    </p>
  );
}
