import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleNodeRotateToken,
  consoleNodeSetEnabled,
  type ConsoleNode,
} from '../../../contract/endpoints/console';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConfirmedAct } from '../confirmed-act';
import type { ShownToken } from './token-dialog';
import { SmallButton } from '../small-button';

/**
 * A node's acts, each asked first: rotating its token (the new one goes to `onToken`), disabling it
 * or enabling it again.
 */
export function NodeActions({
  node,
  onToken,
}: {
  node: ConsoleNode;
  onToken: (t: ShownToken) => void;
}) {
  const { t } = useLingui();
  const confirmed = useConfirmedAct([...CONSOLE_KEY, 'nodes']);
  const askRotate = () =>
    confirmed.ask({
      title: <Trans>Rotate the token of node {node.name}?</Trans>,
      text: (
        <Trans>
          The old token stops working at once: the node serves nobody until its agent has the new
          one. You may be asked for a fresh code from your authenticator.
        </Trans>
      ),
      label: <Trans>Rotate the token</Trans>,
      run: async () => {
        const answer = await consoleCall(consoleNodeRotateToken, { nodeId: node.id });
        onToken({ ...answer, name: node.name });
      },
    });

  const askEnabled = () =>
    confirmed.ask({
      title: node.enabled ? (
        <Trans>Disable node {node.name}?</Trans>
      ) : (
        <Trans>Enable node {node.name}?</Trans>
      ),
      text: node.enabled ? (
        <Trans>
          It leaves the members’ subscriptions and its agent gets no users: everyone on it is
          disconnected at the next pull.
        </Trans>
      ) : (
        <Trans>It is back in the subscriptions and serves its plans’ members again.</Trans>
      ),
      label: node.enabled ? <Trans>Disable the node</Trans> : <Trans>Enable the node</Trans>,
      run: () => consoleCall(consoleNodeSetEnabled, { nodeId: node.id, enabled: !node.enabled }),
    });

  return (
    <>
      {confirmed.notice}
      <div className="console-actions" role="group" aria-label={t`Actions on this node`}>
        <SmallButton onClick={askRotate}>
          <Trans>Rotate the token</Trans>
        </SmallButton>
        <SmallButton onClick={askEnabled}>
          {node.enabled ? <Trans>Disable the node</Trans> : <Trans>Enable the node</Trans>}
        </SmallButton>
      </div>
      {confirmed.dialog}
    </>
  );
}
