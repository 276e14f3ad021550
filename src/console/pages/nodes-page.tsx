import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { ConsolePage } from '../console-page';
import { AddNode } from '../nodes/add-node';
import { NodeList } from '../nodes/node-list';
import { NodePanel } from '../nodes/node-panel';
import { TokenDialog, type ShownToken } from '../nodes/token-dialog';

function NodesSection() {
  const [open, setOpen] = useState<number | null>(null);
  const [token, setToken] = useState<ShownToken | null>(null);
  return (
    <>
      {open === null ? (
        <>
          <NodeList onOpen={setOpen} />
          <AddNode
            onAdded={(shown) => {
              setToken(shown);
              setOpen(shown.nodeId);
            }}
          />
        </>
      ) : (
        <NodePanel nodeId={open} onClose={() => setOpen(null)} onToken={setToken} />
      )}
      {token && <TokenDialog answer={token} onClose={() => setToken(null)} />}
    </>
  );
}

/** /admin/nodes (owners): the nodes' health and traffic; add, rotate a token, disable, enable. */
export default function ConsoleNodesPage() {
  return (
    <ConsolePage permission="nodes.manage" title={<Trans>Nodes</Trans>} className="console-nodes">
      <NodesSection />
    </ConsolePage>
  );
}
