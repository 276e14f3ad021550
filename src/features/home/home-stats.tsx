import { Trans } from '@lingui/react/macro';

export function Stats() {
  return (
    <section className="home-stats" aria-labelledby="home-stats-title">
      <div className="container">
        <h2 id="home-stats-title" className="visually-hidden">
          <Trans>Kestrel VPN in numbers</Trans>
        </h2>
        <dl className="home-stats__list">
          <div>
            <dt>
              <Trans>Uptime</Trans>
            </dt>
            <dd>99.999%</dd>
          </div>
          <div>
            <dt>
              <Trans>Users</Trans>
            </dt>
            <dd>100,000+</dd>
          </div>
          <div>
            <dt>
              <Trans>Support</Trans>
            </dt>
            <dd>24/7</dd>
          </div>
          <div>
            <dt>
              <Trans>Activity logs</Trans>
            </dt>
            <dd>0</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
