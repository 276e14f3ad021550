import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AgentSettings } from '../../../contract/endpoints/console';
import { CopyButton } from '../../components/ui/copy-button';
import { Modal } from '../../components/ui/modal';

/** A node's token and its agents' settings, as adding the node or rotating its token answers. */
export type ShownToken = { nodeId: number; name: string; token: string; settings: AgentSettings };

/** One text for the node's agent: a heading and copy button, then the text, named by the heading. */
function SettingsText({
  title,
  copyLabel,
  text,
}: {
  title: ReactNode;
  copyLabel: string;
  text: string;
}) {
  const titleId = useId();
  return (
    <>
      <div className="console-settings__head">
        <h3 className="console-subtitle" id={titleId}>
          {title}
        </h3>
        <CopyButton text={text} aria-label={copyLabel} />
      </div>
      <pre className="console-settings__text" tabIndex={0} aria-labelledby={titleId}>
        <code>{text}</code>
      </pre>
    </>
  );
}

/** The token and the agents' settings, shown this once: closing forgets them. */
export function TokenDialog({ answer, onClose }: { answer: ShownToken; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      title={<Trans>The token of node {answer.name}</Trans>}
      text={
        <Trans>
          Shown this once: only its hash is kept. Put it in the node’s agent now; if it is lost,
          rotate the token.
        </Trans>
      }
      className="console-token"
    >
      <div className="console-settings">
        <SettingsText
          title={<Trans>Token (ApiKey)</Trans>}
          copyLabel={t`Copy the token`}
          text={answer.token}
        />
        <SettingsText
          title={<Trans>V2bX: one entry of “Nodes” in config.json</Trans>}
          copyLabel={t`Copy the V2bX settings`}
          text={answer.settings.v2bx}
        />
        <SettingsText
          title={<Trans>XrayR: one entry of “Nodes” in config.yml</Trans>}
          copyLabel={t`Copy the XrayR settings`}
          text={answer.settings.xrayr}
        />
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          <Trans>I have saved the token</Trans>
        </button>
      </div>
    </Modal>
  );
}
