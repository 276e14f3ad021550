import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleLinksUpdate,
  externalLinkField,
  linkTargetField,
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
import { Loading, ReadFailure } from '../console-table';
import { VerbatimField } from '../console-fields';
import { RefusalNotice } from '../form-dialog';

type LinkErrors = Record<string, number>;

/** The site's links (the display config's `links`): each one's address, the two contacts. */
function LinksForm({ initial, onSaved }: { initial: SiteLinks; onSaved: () => void }) {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const [links, setLinks] = useState<SiteLinks>(initial);
  const [errors, setErrors] = useState<LinkErrors>({});
  const [failure, setFailure] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const shown = (name: string) => (errors[name] === undefined ? null : errorText(errors[name]));

  const setHref = (list: 'more' | 'help', key: string, href: string) =>
    setLinks((l) => ({ ...l, [list]: l[list].map((e) => (e.key === key ? { ...e, href } : e)) }));

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

  const group = (list: 'more' | 'help', legend: ReactNode) => (
    <fieldset className="console-content__language">
      <legend>{legend}</legend>
      {links[list].map((entry) => (
        <VerbatimField
          key={entry.key}
          label={linkLabel((d) => i18n._(d), entry.key)}
          type="url"
          inputMode="url"
          value={entry.href}
          onChange={(href) => setHref(list, entry.key, href)}
          error={shown(`${list}.${entry.key}`)}
        />
      ))}
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
