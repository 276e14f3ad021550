/**
 * The features and the hooks they register with the core (docs/architecture.md). Each feature's
 * plugin (server/app.ts registers them) adds its endpoints, routes, seeds and jobs; its hooks are
 * registered here, once per process, because the operator CLI (server/admin) runs the core's order
 * and payment paths without a server and needs them too. Registering again changes nothing.
 */
import { registerAccountAreaHooks } from './account-area/account-area-plugin';
import { registerCryptoHooks } from './crypto/crypto-plugin';
import { registerGroupBuyHooks } from './group-buy/group-buy-plugin';
import { registerKolHooks } from './kol/kol-plugin';
import { registerNoticesHooks } from './notices/notices-plugin';

export function registerFeatureHooks(): void {
  registerAccountAreaHooks();
  registerCryptoHooks();
  registerGroupBuyHooks();
  registerKolHooks();
  registerNoticesHooks();
}
