import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleLinksRemove,
  consoleLinksUpdate,
  externalLinkField,
  linkTargetField,
  type LinkMenu,
  type SiteLinks,
} from '../../../contract/endpoints/console-content';
import { emailField } from '../../../contract/validation';
import { linkLabel } from '../../app/layout/link-labels';
import { TitledCard } from '../../components/titled-card';
import { SubmitButton } from '../../components/ui/submit-button';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { siteLinksQuery } from '../api/console-queries';
import { useConfirmedAct } from '../confirmed-act';
import { Loading, ReadFailure } from '../console-table';
import { VerbatimField } from '../console-fields';
import { RefusalNotice } from '../form-dialog';
import { AddLinkDialog } from './link-dialogs';
import { SmallButton } from '../small-button';

type LinkErrors = Record<string, number>;

/**
 * The site's links (the display config's `links`): each one's address, the two contacts, saved
 * together; a link added to a menu or removed from it, at once (each its own audited act, as the
 * CLI's `links set | remove`). The addresses being edited are kept when a link is added or removed.
 */
function LinksForm({ initial, onSaved }: { initial: SiteLinks; onSaved: () => void }) {
  const { i18n, t } = useLingui();
  const errorText = useErrorText();
  const [links, setLinks] = useState<SiteLinks>(initial);
  const [errors, setErrors] = useState<LinkErrors>({});
  const [failure, setFailure] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const shown = (name: string) => (errors[name] === undefined ? null : errorText(errors[name]));

  const [adding, setAdding] = useState<LinkMenu | null>(null);
  const removal = useConfirmedAct(siteLinksQuery.queryKey);
  const labelOf = (key: string) => linkLabel((d) => i18n._(d), key);

  const setHref = (list: LinkMenu, key: string, href: string) =>
    setLinks((l) => ({ ...l, [list]: l[list].map((e) => (e.key === key ? { ...e, href } : e)) }));

  /** The server's entry added to the menu being edited (the other addresses typed are kept). */
  const added = (list: LinkMenu, server: SiteLinks) => {
    const known = new Set(links[list].map((e) => e.key));
    setLinks((l) => ({
      ...l,
      [list]: [...l[list], ...server[list].filter((e) => !known.has(e.key))],
    }));
    setSaved(false);
    setAdding(null);
  };

  const askRemove = (list: LinkMenu, key: string, href: string) => {
    const label = labelOf(key);
    removal.ask({
      title:
        list === 'more' ? (
          <Trans>Remove “{label}” from the header menu “More”?</Trans>
        ) : (
          <Trans>Remove “{label}” from the footer help centre?</Trans>
        ),
      text: (
        <Trans>Visitors no longer see this link ({href}). To bring it back, add it again.</Trans>
      ),
      label: <Trans>Remove the link</Trans>,
      run: async () => {
        await consoleCall(consoleLinksRemove, { menu: list, key });
        setLinks((l) => ({ ...l, [list]: l[list].filter((e) => e.key !== key) }));
        setSaved(false);
      },
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const found: LinkErrors = {};
    for (const list of ['more', 'help'] as const)
      for (const entry of links[list]) {
        const code = fieldError(linkTargetField, entry.href);
        if (code !== null) found[`${list}.${entry.key}`] = code;
      }
    const contact = fieldError(externalLinkField, links.affiliateContact);
    if (contact !== null) found.affiliateContact = contact;
    const email = fieldError(emailField, links.supportEmail);
    if (email !== null) found.supportEmail = email;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      setLinks(await consoleCall(consoleLinksUpdate, links));
      setSaved(true);
      onSaved();
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
    }
  };

  const group = (list: LinkMenu, legend: ReactNode) => (
    <fieldset className="console-content__language">
      <legend>{legend}</legend>
      {links[list].map((entry) => (
        <VerbatimField
          key={entry.key}
          label={labelOf(entry.key)}
          type="url"
          inputMode="url"
          value={entry.href}
          onChange={(href) => setHref(list, entry.key, href)}
          error={shown(`${list}.${entry.key}`)}
          addon={
            <SmallButton
              label={t`Remove “${labelOf(entry.key)}”`}
              onClick={() => askRemove(list, entry.key, entry.href)}
            >
              <Trans>Remove</Trans>
            </SmallButton>
          }
        />
      ))}
      <div className="console-content__buttons">
        <SmallButton onClick={() => setAdding(list)}>
          <Trans>Add a link</Trans>
        </SmallButton>
      </div>
    </fieldset>
  );

  return (
    <TitledCard look="console-panel" title={<Trans>Links on the site</Trans>}>
      <form className="console-form" noValidate onSubmit={(e) => void submit(e)}>
        <p className="console-muted">
          <Trans>An https:// address, or a path on this site such as /faq.</Trans>
        </p>
        <div className="console-content__languages">
          {group('more', <Trans>Header menu “More”</Trans>)}
          {group('help', <Trans>Footer help centre</Trans>)}
        </div>
        <div className="console-content__window">
          <VerbatimField
            label={<Trans>Affiliate contact</Trans>}
            type="url"
            inputMode="url"
            value={links.affiliateContact}
            onChange={(affiliateContact) => setLinks((l) => ({ ...l, affiliateContact }))}
            error={shown('affiliateContact')}
          />
          <VerbatimField
            label={<Trans>Support e-mail</Trans>}
            type="email"
            value={links.supportEmail}
            onChange={(supportEmail) => setLinks((l) => ({ ...l, supportEmail }))}
            error={shown('supportEmail')}
          />
        </div>
        <RefusalNotice failure={failure} />
        {removal.notice}
        <div className="console-content__buttons">
          <SubmitButton pending={pending}>
            <Trans>Save the links</Trans>
          </SubmitButton>
        </div>
        {saved && (
          <p role="status" className="console-content__saved">
            <Trans>Saved. The site shows the new links.</Trans>
          </p>
        )}
      </form>
      {removal.dialog}
      {adding && (
        <AddLinkDialog
          menu={adding}
          onAdded={(server) => added(adding, server)}
          onCancel={() => setAdding(null)}
        />
      )}
    </TitledCard>
  );
}

/** The site's links, read then edited (docs/console.md "Content"). */
export function LinksSection() {
  const queryClient = useQueryClient();
  const links = useQuery(siteLinksQuery);
  if (links.isError) return <ReadFailure query={links} />;
  if (!links.data) return <Loading />;
  return (
    <LinksForm
      initial={links.data}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: siteLinksQuery.queryKey })}
    />
  );
}
