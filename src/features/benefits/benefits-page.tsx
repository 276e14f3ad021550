import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { YesNo } from '../../../contract/enums';
import { CopyButton } from '../../components/ui/copy-button';
import { useSessionState } from '../../lib/session/session-context';
import { formatDateTime } from '../../i18n/intl-format';
import { benefitsCopyQuery, userBenefitsQuery } from './api/benefits';
import { Detail } from '../../components/ui/detail';
import './benefits.css';
import { TitledCard } from '../../components/titled-card';

export default function BenefitsPage() {
  const { t, i18n } = useLingui();
  const user = useSessionState((s) => s.context.user);
  // SPEC §3/§4: the two flags; the server enforces the same rule.
  const yearly = user?.yearlyPaidUser === YesNo.YES;
  const until = user?.benefitsExpireTime ?? null;
  const unexpired =
    user !== undefined && until !== null && Date.parse(until) > Date.parse(user?.serverTime ?? '');
  const eligible = yearly && unexpired;
  const mine = useQuery(userBenefitsQuery(eligible, i18n.locale));
  const copy = useQuery({ ...benefitsCopyQuery(i18n.locale), enabled: !eligible });
  if (!user) return null;
  const formatDate = (iso: string) => formatDateTime(i18n.locale, { dateStyle: 'long' }, iso);

  return (
    <main className="benefits">
      <h1 className="page-title">
        <Trans>Benefits</Trans>
      </h1>
      {eligible && until ? (
        <>
          <p className="benefits-lead">
            <Trans>Perks of your yearly plan, available until {formatDate(until)}.</Trans>
          </p>
          {mine.isPending && (
            <p role="status">
              <Trans>Loading…</Trans>
            </p>
          )}
          {mine.data?.items.length === 0 && (
            <p className="card benefits-card">
              <Trans>No benefits are on offer right now. Please check back later.</Trans>
            </p>
          )}
          {mine.data?.items.map((item, i) => (
            <section key={i} className="card benefits-card" aria-labelledby={`benefit-${i}`}>
              <h2 id={`benefit-${i}`} className="benefits-card__title">
                {item.title}
              </h2>
              <dl className="benefits-list">
                <Detail term={<Trans>Account</Trans>}>
                  <code>{item.account}</code>
                  <CopyButton text={item.account} aria-label={t`Copy account of ${item.title}`} />
                </Detail>
                <Detail term={<Trans>Password</Trans>}>
                  <code>{item.password}</code>
                  <CopyButton text={item.password} aria-label={t`Copy password of ${item.title}`} />
                </Detail>
                <Detail term={<Trans>Link</Trans>}>
                  <a href={item.link} target="_blank" rel="noopener noreferrer">
                    {item.link}
                  </a>
                  <CopyButton text={item.link} aria-label={t`Copy link of ${item.title}`} />
                </Detail>
              </dl>
            </section>
          ))}
        </>
      ) : (
        <TitledCard
          look="benefits-card"
          title={
            yearly && until ? (
              <Trans>Your benefits ended on {formatDate(until)}</Trans>
            ) : (
              <Trans>Benefits come with a yearly plan</Trans>
            )
          }
        >
          <p className="benefits-lead">
            {yearly ? (
              <Trans>Renew with a yearly plan to get them back.</Trans>
            ) : (
              <Trans>
                Your account has no yearly plan. Buy a 12-month plan and these perks are yours for
                as long as it lasts.
              </Trans>
            )}
          </p>
          {copy.data && copy.data.items.length > 0 && (
            <ul className="benefits-copy">
              {copy.data.items.map((item, i) => (
                <li key={i}>
                  <strong>{item.title}</strong>
                  {item.description && <span> — {item.description}</span>}
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/pricing" className="btn btn-primary">
              <Trans>See yearly plans</Trans>
            </Link>
          </p>
        </TitledCard>
      )}
    </main>
  );
}
