import type { ReactNode } from 'react';
import { QrCode } from './qr-code';
import './qr-panel.css';

/**
 * A link to share, written out beside its QR code (the invite links, the subscription link): the
 * fields first, the code with its caption to their right, and under them below 960 px.
 */
export function QrPanel({
  value,
  label,
  size,
  caption,
  children,
}: {
  /** What the QR code encodes. */
  value: string;
  /** The QR code's name for screen readers. */
  label: string;
  size?: number;
  caption: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="qr-panel">
      {children}
      <figure className="qr-panel__figure">
        <QrCode value={value} label={label} size={size} />
        <figcaption>{caption}</figcaption>
      </figure>
    </div>
  );
}
