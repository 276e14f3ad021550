/**
 * The nodes section's endpoints (contract/endpoints/console-nodes.ts): each one calls an operator
 * function (node-operations.ts) or a read (node-record.ts) with the signed-in staff member as the
 * actor. The guard (console-plugin.ts) has checked the session, the CSRF token, `nodes.manage` and,
 * for adding a node and rotating a token, the step-up.
 */
import type { consoleNodeEndpoints } from '../../../contract/endpoints/console-nodes';
import type { HandlersOf } from '../console-handler';
import { addNode, rotateNodeToken, setNodeEnabled, type NodeDeps } from './node-operations';
import { listNodes, nodeRecord } from './node-record';

export function nodeHandlers(deps: NodeDeps): HandlersOf<typeof consoleNodeEndpoints> {
  const { db, now } = deps;
  return {
    consoleNodeList: async () => {
      const at = now();
      return { nodes: await listNodes(db, at), at: at.toISOString() };
    },
    consoleNodeRecord: (input) => nodeRecord(db, input.nodeId, now()),
    consoleNodeAdd: (input, { actor }) => addNode(deps, actor, input),
    consoleNodeRotateToken: (input, { actor }) => rotateNodeToken(deps, actor, input),
    consoleNodeSetEnabled: (input, { actor }) => setNodeEnabled(deps, actor, input),
  };
}
