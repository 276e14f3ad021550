import { Trans } from '@lingui/react/macro';
import { Detail } from '../../components/ui/detail';

export function Stats() {
  return (
    <section className="home-stats" aria-labelledby="home-stats-title">
      <div className="container">
        <h2 id="home-stats-title" className="visually-hidden">
          <Trans>Kestrel VPN in numbers</Trans>
        </h2>
        <dl className="home-stats__list">
          <div>
            <Detail term={<Trans>Uptime</Trans>}>99.999%</Detail>
          </div>
          <div>
            <Detail term={<Trans>Users</Trans>}>100,000+</Detail>
          </div>
          <div>
            <Detail term={<Trans>Support</Trans>}>24/7</Detail>
          </div>
          <div>
            <Detail term={<Trans>Activity logs</Trans>}>0</Detail>
          </div>
        </dl>
      </div>
    </section>
  );
}
