/** The listener: builds the app, listens, prints where and how to log in, stops cleanly on signals. */
import { buildApp } from './app';
import { DEMO_KOL } from './kol/seed-demo-kol';
import { loadConfig } from './config';
import { DEMO_USER } from './accounts/seed-demo-user';
import { isLoopbackHost } from './web/dev-routes';
import { siteOriginOf } from './web/site-origin';

const config = loadConfig();
const app = await buildApp(config);

if (!app.kestrel.spaBuilt) {
  app.log.warn(
    `No SPA build in ${config.staticDir} (index.html missing): pages answer 503 until \`npm run build\`.`,
  );
}

await app.listen({ port: config.port, host: config.host });
// The address shared links are built on (server/web/site-origin.ts), so both agree.
const shown = siteOriginOf({ ...config, publicOrigins: [] }, () => app.server.address())();
const lines = [
  `Kestrel VPN is running at ${shown} (${config.appEnv}, ${app.kestrel.database.kind})`,
];
if (config.seedDemo) {
  lines.push(`Demo login: ${DEMO_USER.username} / ${DEMO_USER.password} (or ${DEMO_USER.email})`);
  lines.push(`Demo KOL (/user/kol): ${DEMO_KOL.username} / ${DEMO_USER.password}`);
}
if (config.appEnv !== 'PROD') {
  lines.push(`Dev outbox (codes sent by e-mail and SMS): ${shown}/dev/outbox`);
  if (!isLoopbackHost(config.host))
    lines.push(
      `Listening on ${config.host}: the dev routes (outbox, sandbox checkout, ...) answer only on this machine (docs/protocol.md).`,
    );
}
console.log(lines.join('\n'));

let stopping = false;
/**
 * Graceful stop: /readyz turns 503 at once so the proxy stops sending new requests, and requests keep
 * being answered for SHUTDOWN_DRAIN_SECONDS; then the listener closes, the requests in flight finish,
 * the background jobs' rounds end and the database closes (the app's close hooks).
 */
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received: draining for ${config.shutdownDrainSeconds} s, then closing`);
  app.readiness.drain();
  const force = setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 10) * 1000);
  force.unref();
  try {
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error(error);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
