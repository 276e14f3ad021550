import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckField } from './ui/check-field';
import { CopyButton } from './ui/copy-button';
import './recovery-codes.css';

function download(fileName: string, heading: string, codes: readonly string[]): void {
  const text = `${heading}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Recovery codes, shown this once: the list, "Copy the codes" and "Download (.txt)" (a file that
 * starts with `heading`, so it says what the codes open), then "I have saved my recovery codes",
 * which the button that leaves (`confirm`) waits for. The staff enrolment and a member's two-step
 * sign-in both show theirs so.
 */
export function RecoveryCodes({
  codes,
  fileName,
  heading,
  confirm,
  onConfirm,
  block = false,
}: {
  codes: readonly string[];
  fileName: string;
  heading: string;
  /** The leaving button's label ("Done", "Continue to sign-in"). */
  confirm: ReactNode;
  onConfirm: () => void;
  /** The button as wide as the form. */
  block?: boolean;
}) {
  const { t } = useLingui();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <ol className="recovery-codes" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <CopyButton text={codes.join('\n')}>
          <Trans>Copy the codes</Trans>
        </CopyButton>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => download(fileName, heading, codes)}
        >
          <Trans>Download (.txt)</Trans>
        </button>
      </div>
      <CheckField checked={saved} onChange={setSaved}>
        <Trans>I have saved my recovery codes</Trans>
      </CheckField>
      <button
        type="button"
        className={block ? 'btn btn-primary btn-block' : 'btn btn-primary recovery-codes__done'}
        disabled={!saved}
        onClick={onConfirm}
      >
        {confirm}
      </button>
    </>
  );
}
