/**
 * The nodes feature (docs/nodes.md): its endpoints, the subscription a client imports (/sub), the
 * nodes' own UniProxy API, and its dev routes. It registers no hook.
 */
import fp from 'fastify-plugin';
import { AppEnv } from '../../contract';
import { registerNodeDevRoutes } from './node-dev-routes';
import { createNodeDirectory } from './node-directory';
import { createNodeHandlers } from './node-handlers';
import { registerSubscriptionRoute } from './subscription-route';
import { registerUniProxyRoutes } from './uniproxy-routes';

export const nodesPlugin = fp(async (app) => {
  const { config, db, sessionCache } = app.services;
  const directory = createNodeDirectory(db, { aliveListSeconds: config.nodeAliveListSeconds });
  app.services.addHandlers(createNodeHandlers({ db, sessionCache, directory }));
  registerSubscriptionRoute(app, { db, siteOrigin: app.services.siteOrigin });
  registerUniProxyRoutes(app, db, directory);
  if (config.appEnv !== AppEnv.PROD) registerNodeDevRoutes(app, db);
});
