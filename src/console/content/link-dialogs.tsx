import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleLinksAdd,
  linkKeyField,
  linkTargetField,
  type LinkMenu,
  type SiteLinks,
} from '../../../contract/endpoints/console-content';
import { Errors } from '../../../contract/errors';
import { LINK_LABELS, linkLabel } from '../../app/layout/link-labels';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { siteLinksQuery } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { VerbatimField } from '../console-fields';
import { FormDialog } from '../form-dialog';
import { useFieldErrors } from '../use-field-errors';

type Field = 'key' | 'href';

const FIELD_OF: Readonly<Record<number, Field>> = {
  [Errors.LINK_KEY_INVALID.code]: 'key',
  [Errors.LINK_KEY_TAKEN.code]: 'key',
  [Errors.LINK_URL_INVALID.code]: 'href',
};

/**
 * A new link at the end of a menu: its key (the label: a known key is translated, another is shown
 * as typed) and its address, checked here and again by the server (consoleLinksAdd, the rule the
 * CLI's `links set` meets). `onAdded` gets the links the server keeps now.
 */
export function AddLinkDialog({
  menu,
  onAdded,
  onCancel,
}: {
  menu: LinkMenu;
  onAdded: (links: SiteLinks) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const { check, claim, shown } = useFieldErrors<Field>(FIELD_OF);
  const act = useConsoleAct(siteLinksQuery.queryKey, claim);
  const [key, setKey] = useState('');
  const [href, setHref] = useState('');
  const knownKeys = Object.keys(LINK_LABELS).join(', ');
  const label = key.trim() === '' ? null : linkLabel((d) => i18n._(d), key.trim());

  const submit = async () => {
    const valid = check({
      key: fieldError(linkKeyField, key),
      href: fieldError(linkTargetField, href),
    });
    if (!valid) return;
    await act.run(async () => onAdded(await consoleCall(consoleLinksAdd, { menu, key, href })));
  };

  return (
    <FormDialog
      title={
        menu === 'more' ? (
          <Trans>Add a link to the header menu “More”</Trans>
        ) : (
          <Trans>Add a link to the footer help centre</Trans>
        )
      }
      text={<Trans>It is added at the end of the menu, and the site shows it at once.</Trans>}
      label={<Trans>Add the link</Trans>}
      act={act}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <VerbatimField
        label={<Trans>Key</Trans>}
        value={key}
        onChange={setKey}
        error={shown('key')}
        maxLength={32}
        hint={
          <>
            <Trans>
              Letters and digits, starting with a letter. These keys show a translated label:{' '}
              {knownKeys}; any other key is shown as typed.
            </Trans>
            {label !== null && (
              <>
                {' '}
                <Trans>Shown as “{label}”.</Trans>
              </>
            )}
          </>
        }
      />
      <VerbatimField
        label={<Trans>Address</Trans>}
        type="url"
        inputMode="url"
        value={href}
        onChange={setHref}
        error={shown('href')}
        hint={<Trans>An https:// address, or a path on this site such as /faq.</Trans>}
      />
    </FormDialog>
  );
}
