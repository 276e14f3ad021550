import { useCallback, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { THIRD_PARTY_CLIENT } from '../../../contract/account-area';
import { thirdPartyClientMachine } from '../../../machines/third-party-client/third-party-client.machine';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { sentenceGap } from '../../i18n/intl-format';
import { useCompactDateTime } from '../../components/formats';
import { useErrorText } from '../../i18n/use-error-text';
import { actorInspection } from '../../lib/inspector';
import {
  issueSubscriptionLink,
  loadThirdPartyClient,
  toggleThirdPartyClient,
} from './api/third-party-client';
import { ImportLink } from './import-link';
import { QueryStatus } from '../../components/query-status';
import { ErrorNotice } from '../../components/error-notice';
import '../../components/ui/form.css';
import './third-party-client.css';
import { TitledCard } from '../../components/titled-card';

function parts(ms: number) {
  const total = Math.ceil(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** A fresh single-use link on every visit: never cached, never reused. */
function useImportLink(enabled: boolean) {
  return useQuery({
    queryKey: ['third-party-client-link'],
    queryFn: issueSubscriptionLink,
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export default function ThirdPartyClientPage() {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const machine = useMemo(
    () =>
      thirdPartyClientMachine.provide({
        actors: {
          loadState: fromPromise(() => loadThirdPartyClient()),
          toggle: fromPromise(({ input }: { input: { enabled: boolean } }) =>
            toggleThirdPartyClient(input.enabled),
          ),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, actorInspection());
  const { remainingMs, nextEnableAt, errorCode } = state.context;
  const on = state.matches('enabled') || state.matches('disabling');
  const link = useImportLink(state.matches('enabled'));
  const busy = state.matches('enabling') || state.matches('disabling');
  const { days, hours, minutes, seconds } = parts(remainingMs);
  const formatDate = useCompactDateTime();
  const mbps = THIRD_PARTY_CLIENT.speedLimitMbps;
  const cooldownDays = THIRD_PARTY_CLIENT.cooldownDays;
  const reenableOn = nextEnableAt ? formatDate(nextEnableAt) : null;
  const keepOn = useCallback(() => send({ type: 'CANCEL' }), [send]);
  const turnOff = useCallback(() => send({ type: 'CONFIRM' }), [send]);

  return (
    <main className="tpc">
      <h1 className="page-title">
        <Trans>Third-party client</Trans>
      </h1>
      <p className="tpc-lead">
        <Trans>
          Use your membership in a third-party proxy app such as Clash Meta (mihomo), sing-box,
          Shadowrocket or v2rayN.
        </Trans>
      </p>

      <section className="card tpc-card" aria-labelledby="tpc-function">
        <div className="tpc-card__head">
          <h2 id="tpc-function" className="tpc-card__title">
            <Trans>Third-party client function</Trans>
          </h2>
          {!state.matches('loading') && !state.matches('loadFailed') && (
            <span className={on ? 'badge tpc-on' : 'badge badge--muted'}>
              {on ? <Trans>On</Trans> : <Trans>Off</Trans>}
            </span>
          )}
        </div>
        <ul className="tpc-rules">
          <li>
            <Trans>You can turn it on once every {cooldownDays} days.</Trans>
          </li>
          <li>
            <Trans>
              While it is on, your speed is limited to {mbps} Mbps; turning it off restores
              unlimited speed.
            </Trans>
          </li>
        </ul>

        {state.matches('loading') && (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        {state.matches('loadFailed') && (
          <ErrorNotice
            className="tpc-error"
            code={errorCode ?? 0}
            retry={{ label: <Trans>Try again</Trans>, onClick: () => send({ type: 'RETRY' }) }}
          />
        )}
        {state.matches('unavailable') && (
          <div className="tpc-state">
            <p>
              <Trans>The third-party client function needs an active membership.</Trans>
            </p>
            <Link to="/pricing" className="btn btn-primary">
              <Trans>See plans</Trans>
            </Link>
          </div>
        )}
        {(on || state.matches('disabled') || state.matches('enabling')) && (
          <div className="tpc-state">
            <p className="tpc-speed">
              <Trans>Speed limit:</Trans>
              {/* Chinese puts no space after its full-width colon either. */}
              {sentenceGap(i18n.locale)}
              <strong>{on ? <Trans>{mbps} Mbps</Trans> : <Trans>Unlimited</Trans>}</strong>
            </p>
            {on ? (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  aria-busy={state.matches('disabling')}
                  onClick={() => send({ type: 'DISABLE' })}
                >
                  {state.matches('disabling') && <span className="spinner" aria-hidden="true" />}
                  <Trans>Turn off</Trans>
                </button>
                {nextEnableAt && (
                  <p className="field__hint">
                    <Trans>
                      If you turn it off, you can turn it on again from {formatDate(nextEnableAt)}.
                    </Trans>
                  </p>
                )}
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy || state.matches({ disabled: 'coolingDown' })}
                  aria-busy={state.matches('enabling')}
                  onClick={() => send({ type: 'ENABLE' })}
                >
                  {state.matches('enabling') && <span className="spinner" aria-hidden="true" />}
                  <Trans>Turn on</Trans>
                </button>
                {state.matches({ disabled: 'coolingDown' }) && nextEnableAt && (
                  <p className="tpc-cooldown" role="status">
                    <Trans>
                      You can turn it on again in {days} d {hours} h {minutes} min {seconds} s (
                      {formatDate(nextEnableAt)}).
                    </Trans>
                  </p>
                )}
              </>
            )}
            {errorCode !== null && !state.matches({ disabled: 'coolingDown' }) && (
              <p className="field__error" role="alert">
                {errorText(errorCode)}
              </p>
            )}
          </div>
        )}
      </section>

      {state.matches('enabled') && (
        <TitledCard look="tpc-card" title={<Trans>Import into your app</Trans>}>
          <QueryStatus query={link} />
          {link.data && <ImportLink url={link.data.url} />}
        </TitledCard>
      )}

      {state.matches({ enabled: 'confirmingDisable' }) && (
        <ConfirmDialog
          title={<Trans>Turn off the third-party client function?</Trans>}
          cancelLabel={<Trans>Keep it on</Trans>}
          confirmLabel={<Trans>Turn off</Trans>}
          onCancel={keepOn}
          onConfirm={turnOff}
          text={
            <>
              <p>
                <Trans>Your speed is no longer limited, and your import link stops working.</Trans>
              </p>
              <p>
                {reenableOn ? (
                  <Trans>
                    You can turn it on again only from {reenableOn}: once every {cooldownDays} days.
                  </Trans>
                ) : (
                  <Trans>You can turn it on only once every {cooldownDays} days.</Trans>
                )}
              </p>
            </>
          }
        />
      )}
    </main>
  );
}
