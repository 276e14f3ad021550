import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QrPanel } from './ui/qr-panel';

/**
 * The member's invite link as a QR code for a friend's phone, beside `children`: /user/reward and
 * the KOL page.
 */
export function InviteQrPanel({
  link,
  size,
  children,
}: {
  link: string;
  size: number;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <QrPanel
      value={link}
      label={t`QR code of your invite link`}
      size={size}
      caption={<Trans>Let a friend scan it to sign up.</Trans>}
    >
      {children}
    </QrPanel>
  );
}
