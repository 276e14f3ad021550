import { Trans, useLingui } from '@lingui/react/macro';
import { CopyButton } from '../../components/ui/copy-button';
import { QrCode } from '../../components/ui/qr-code';
import { onThisSite } from '../../lib/invite-link';

/** The invite link to copy (3-second copied state) and as a QR code for a phone's camera. */
export function InviteShare({ link: given, qrSize = 148 }: { link: string; qrSize?: number }) {
  const { t } = useLingui();
  const link = onThisSite(window.location.origin, given);
  return (
    <div className="gb-invite">
      <div className="gb-invite__link">
        <span className="gb-invite__label">
          <Trans>Invite link</Trans>
        </span>
        <code className="gb-invite__url">{link}</code>
        <CopyButton text={link} aria-label={t`Copy the invite link`}>
          <Trans>Copy link</Trans>
        </CopyButton>
      </div>
      <QrCode value={link} label={t`QR code of the invite link`} size={qrSize} />
    </div>
  );
}
