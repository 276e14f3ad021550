/**
 * The crypto section's endpoints (contract/endpoints/console-crypto.ts): each one calls an operator
 * function (crypto-operations.ts) or a read (crypto-record.ts) with the signed-in staff member as
 * the actor. The guard (console-plugin.ts) has checked the session, the CSRF token, `crypto.manage`
 * and, for adding or editing a network and adding a token, the step-up.
 */
import type { consoleCryptoEndpoints } from '../../../contract/endpoints/console-crypto';
import type { HandlersOf } from '../console-handler';
import {
  addCryptoNetwork,
  addCryptoToken,
  setCryptoNetworkEnabled,
  setCryptoRate,
  setCryptoTokenEnabled,
  updateCryptoNetwork,
  type CryptoOpsDeps,
} from './crypto-operations';
import { cryptoOverview, listCryptoReorgs, listCryptoTransfers } from './crypto-record';

export function cryptoHandlers(deps: CryptoOpsDeps): HandlersOf<typeof consoleCryptoEndpoints> {
  const { db } = deps;
  return {
    consoleCryptoOverview: () => cryptoOverview(db),
    consoleCryptoNetworkAdd: (input, { actor }) => addCryptoNetwork(deps, actor, input),
    consoleCryptoNetworkUpdate: (input, { actor }) => updateCryptoNetwork(deps, actor, input),
    consoleCryptoNetworkEnabled: (input, { actor }) => setCryptoNetworkEnabled(deps, actor, input),
    consoleCryptoTokenAdd: (input, { actor }) => addCryptoToken(deps, actor, input),
    consoleCryptoTokenEnabled: (input, { actor }) => setCryptoTokenEnabled(deps, actor, input),
    consoleCryptoRate: (input, { actor }) => setCryptoRate(deps, actor, input),
    consoleCryptoTransfers: (input) => listCryptoTransfers(db, input.all),
    consoleCryptoReorgs: async (input) => ({ reorgs: await listCryptoReorgs(db, input.all) }),
  };
}
