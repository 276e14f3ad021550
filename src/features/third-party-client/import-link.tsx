import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { CopyButton } from '../../components/ui/copy-button';
import { QrPanel } from '../../components/ui/qr-panel';
import { ErrorNotice } from '../../components/error-notice';

/** How long the page waits for the client app to take over before calling the import failed. */
export const IMPORT_TIMEOUT_MS = 2_500;

/**
 * The single-use import link: shown, copyable, as a QR code, and as one-click imports into the
 * clients' URL schemes. When no app takes the link (the page keeps focus), SPEC §8's message says
 * to copy it and add it by hand.
 */
export function ImportLink({ url }: { url: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const openInApp = (event: MouseEvent<HTMLAnchorElement>) => {
    // Through a hidden frame, not a top-level navigation: when no app owns the scheme, the page
    // stays fully usable (a pending navigation to an unknown scheme can stall it).
    event.preventDefault();
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.src = event.currentTarget.href;
    document.body.append(frame);
    setTimeout(() => frame.remove(), IMPORT_TIMEOUT_MS);
    watchImport();
  };

  const watchImport = () => {
    setFailed(false);
    clearTimeout(timer.current);
    const left = () => {
      clearTimeout(timer.current);
      window.removeEventListener('blur', left);
      document.removeEventListener('visibilitychange', left);
    };
    window.addEventListener('blur', left);
    document.addEventListener('visibilitychange', left);
    timer.current = setTimeout(() => {
      window.removeEventListener('blur', left);
      document.removeEventListener('visibilitychange', left);
      setFailed(true);
    }, IMPORT_TIMEOUT_MS);
  };

  const encoded = encodeURIComponent(url);
  return (
    <QrPanel
      value={url}
      label={t`QR code of the subscription link`}
      caption={<Trans>Scan with the client app on your phone.</Trans>}
    >
      <div className="tpc-import__link">
        <label className="field__label" htmlFor="tpc-link">
          <Trans>Subscription link</Trans>
        </label>
        <div className="tpc-import__row">
          <input id="tpc-link" className="tpc-import__input" readOnly value={url} />
          <CopyButton text={url} aria-label={t`Copy subscription link`} />
        </div>
        <p className="field__hint">
          <Trans>
            This link works once: the first app that opens it uses it up. Reload the page for a new
            one.
          </Trans>
        </p>
        <div className="tpc-import__apps">
          <a
            className="btn btn-primary"
            href={`clash://install-config?url=${encoded}&name=Kestrel`}
            onClick={openInApp}
          >
            <Trans>Import into Clash</Trans>
          </a>
          <a
            className="btn btn-secondary"
            href={`sing-box://import-remote-profile?url=${encoded}#Kestrel`}
            onClick={openInApp}
          >
            <Trans>Import into sing-box</Trans>
          </a>
        </div>
        {failed && (
          <ErrorNotice className="tpc-import__failed" code={Errors.THIRD_PARTY_IMPORT_FAILED.code}>
            <CopyButton text={url} aria-label={t`Copy subscription link`} />
          </ErrorNotice>
        )}
      </div>
    </QrPanel>
  );
}
