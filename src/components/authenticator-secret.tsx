import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField } from './ui/copy-field';
import { QrPanel } from './ui/qr-panel';
import './authenticator-secret.css';

/**
 * A new authenticator secret to add to an app: the `otpauth://` QR code, and the base32 key as text
 * with a copy button for those who cannot scan. The staff enrolment and a member's two-step setup.
 */
export function AuthenticatorSecret({
  id,
  secret,
  otpauthUrl,
}: {
  /** The key field's id (unique on the page). */
  id: string;
  secret: string;
  otpauthUrl: string;
}) {
  const { t } = useLingui();
  return (
    <QrPanel
      value={otpauthUrl}
      label={t`QR code for your authenticator app`}
      caption={<Trans>Scan with Google Authenticator, 1Password, Authy or similar.</Trans>}
    >
      <div className="authenticator-secret">
        <p>
          <Trans>Can't scan? Enter this key in the app (time-based, 6 digits):</Trans>
        </p>
        <CopyField
          id={id}
          label={<Trans>Secret key</Trans>}
          value={secret}
          copyLabel={t`Copy the secret key`}
          inputClassName="authenticator-secret__value"
        />
      </div>
    </QrPanel>
  );
}
