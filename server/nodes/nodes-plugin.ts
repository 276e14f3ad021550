/**
 * The nodes feature (docs/nodes.md): its endpoints, the subscription a client imports (/sub) and
 * the hourly prune of its fetch log, the nodes' own UniProxy API, and its dev routes. It registers
 * no hook.
 */
import fp from 'fastify-plugin';
import { AppEnv } from '../../contract';
import { repeatLoggedJob } from '../jobs/repeat-job';
import { repeatWhileRunning } from '../jobs/startup-jobs';
import { registerNodeDevRoutes } from './node-dev-routes';
import { createNodeDirectory } from './node-directory';
import { createNodeHandlers } from './node-handlers';
import { FETCH_PRUNE_SECONDS, pruneSubscriptionFetches } from './subscription-fetches';
import { registerSubscriptionRoute } from './subscription-route';
import { registerUniProxyRoutes } from './uniproxy-routes';

export const nodesPlugin = fp(async (app) => {
  const { config, db, sessionCache } = app.services;
  const directory = createNodeDirectory(db, { aliveListSeconds: config.nodeAliveListSeconds });
  app.services.addHandlers(createNodeHandlers({ db, sessionCache, directory }));
  registerSubscriptionRoute(app, { db, siteOrigin: app.services.siteOrigin });
  registerUniProxyRoutes(app, db, directory);
  repeatWhileRunning(app, {
    name: 'subscription-fetch-prune',
    everySeconds: app.services.repeatEverySeconds > 0 ? FETCH_PRUNE_SECONDS : 0,
    start: (claim) =>
      repeatLoggedJob(
        () => pruneSubscriptionFetches(db, new Date()),
        app.log.child({ job: 'subscription-fetch-prune' }),
        'subscription fetch prune round failed',
        FETCH_PRUNE_SECONDS,
        claim,
      ),
  });
  if (config.appEnv !== AppEnv.PROD) registerNodeDevRoutes(app, db);
});
