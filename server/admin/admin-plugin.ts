/**
 * The admin channel: with the embedded PGlite (this process's alone), operator commands come to the
 * running server (npm run admin, issue 11 item 7). Registered after the features: a command reaches
 * every hook and the crypto module's chain clients.
 */
import fp from 'fastify-plugin';
import type { PayoutNetwork } from '../../contract/kol';
import type { Database } from '../db/database';
import type { TokenTransferQuery, TokenTransferVerdict } from '../crypto/verify-token-transfer';
import { serveAdminChannel } from './admin-channel';
import { runAdmin } from './cli';
import { adminCapabilities } from './context';

export const adminPlugin = fp<{
  database: Database;
  verifyTokenTransfer: (query: TokenTransferQuery) => Promise<TokenTransferVerdict>;
  payoutChainIds?: Partial<Record<PayoutNetwork, number>>;
}>(async (app, { database, verifyTokenTransfer, payoutChainIds }) => {
  if (!database.directory) return;
  const { config, gateways, sessionCache, siteOrigin } = app.services;
  const capabilities = adminCapabilities({
    db: database.db,
    gateways: async () => gateways,
    sessionCache,
    siteOrigin,
    dataDir: config.dataDir,
    verifyTokenTransfer,
    ...(payoutChainIds ? { payoutChainIds } : {}),
  });
  const channel = await serveAdminChannel(
    config.dataDir,
    (argv, io) => runAdmin(argv, { io, openDb: async () => database.db, ...capabilities }),
    app.log.child({ channel: 'admin' }),
  );
  app.addHook('preClose', () => channel.close());
});
