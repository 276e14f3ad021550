import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ContentPage } from '../../components/content-page';
import { ClientPlatform } from '../../../contract/enums';
import { PlatformIcon } from './platform-icon';
import { PLATFORM_NAMES } from './platforms';
import './download.css';

function Tip({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="card">
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

function Section({ platform, children }: { platform: ClientPlatform; children: ReactNode }) {
  return (
    <section className="tips-section" aria-labelledby={`tips-${platform}`}>
      <h2 id={`tips-${platform}`}>
        <PlatformIcon platform={platform} />
        {PLATFORM_NAMES[platform]}
      </h2>
      <ul className="tips-list">{children}</ul>
    </section>
  );
}

/** /download/tips: what goes wrong while installing, per platform, and what to do about it. */
export default function DownloadTipsPage() {
  return (
    <ContentPage
      title={<Trans>Installation tips</Trans>}
      lead={
        <Trans>
          Most installation problems have a quick fix. Find your platform below, or go back to the{' '}
          <Link to="/download">downloads</Link>.
        </Trans>
      }
    >
      <Section platform={ClientPlatform.IOS}>
        <Tip title={<Trans>The app is not in my App Store</Trans>}>
          <Trans>
            Kestrel VPN is not offered in every App Store region. Sign in to the App Store with an
            overseas Apple ID: <Link to="/apple-help">see the step-by-step guide</Link>.
          </Trans>
        </Tip>
        <Tip title={<Trans>"Add VPN Configurations" keeps appearing</Trans>}>
          <Trans>
            Tap Allow and confirm with Face ID, Touch ID or your passcode. If you tapped Don't
            Allow, open the app and connect again to be asked once more.
          </Trans>
        </Tip>
        <Tip title={<Trans>It connects but nothing loads</Trans>}>
          <Trans>
            Open Settings, General, VPN & Device Management, remove the Kestrel VPN configuration,
            then connect from the app again.
          </Trans>
        </Tip>
      </Section>

      <Section platform={ClientPlatform.ANDROID}>
        <Tip title={<Trans>Xiaomi, Redmi and POCO phones</Trans>}>
          <Trans>
            Turn off Wi-Fi and mobile data before installing the full package, or the security scan
            blocks it; turn them on again afterwards. The ad-free package installs without
            disconnecting.
          </Trans>
        </Tip>
        <Tip title={<Trans>"Install blocked" or "unknown apps"</Trans>}>
          <Trans>
            Android asks once per app that opens the APK. Allow your browser or file manager to
            install unknown apps, then open the APK again.
          </Trans>
        </Tip>
        <Tip title={<Trans>The connection drops when the screen is off</Trans>}>
          <Trans>
            Set battery usage for Kestrel VPN to Unrestricted (or turn off battery optimisation) so
            that the system does not stop it in the background.
          </Trans>
        </Tip>
      </Section>

      <Section platform={ClientPlatform.MAC}>
        <Tip title={<Trans>"Cannot be opened because it is from an unidentified developer"</Trans>}>
          <Trans>
            Open System Settings, Privacy & Security, and click Open Anyway next to the Kestrel VPN
            message; or install from the Mac App Store instead.
          </Trans>
        </Tip>
        <Tip title={<Trans>The system extension was blocked</Trans>}>
          <Trans>
            macOS asks you to allow the network extension the first time you connect. Click Allow in
            Privacy & Security and connect again.
          </Trans>
        </Tip>
      </Section>

      <Section platform={ClientPlatform.WINDOWS}>
        <Tip title={<Trans>SmartScreen stops the installer</Trans>}>
          <Trans>Choose More info, then Run anyway. The installer is signed by Kestrel VPN.</Trans>
        </Tip>
        <Tip title={<Trans>Antivirus removes the app</Trans>}>
          <Trans>
            Some antivirus programs flag any VPN client. Add the Kestrel VPN folder to the
            exclusions, then install again.
          </Trans>
        </Tip>
        <Tip title={<Trans>It connects but web pages do not open</Trans>}>
          <Trans>
            Close other VPN or proxy programs, run the app as administrator once, and see the{' '}
            <Link to="/faq">FAQ</Link> for more Windows fixes.
          </Trans>
        </Tip>
      </Section>
    </ContentPage>
  );
}
