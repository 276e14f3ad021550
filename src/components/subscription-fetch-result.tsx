import { Trans } from '@lingui/react/macro';

/**
 * What a fetch of an import link got: the server list, or a refusal (the link was used or had
 * expired). The member's security page and the console's member record read it alike.
 */
export function SubscriptionFetchResult({ served }: { served: boolean }) {
  return served ? (
    <Trans>Server list sent</Trans>
  ) : (
    <span className="badge badge--muted">
      <Trans>Refused: the link was used or had expired</Trans>
    </span>
  );
}
