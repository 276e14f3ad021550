/**
 * The account area (docs/account-area.md): its endpoints and demo data, and the hooks it registers
 * with the accounts core (accounts/account-lifecycle.ts): an invited account's trial, the device a
 * sign-in comes from (refused beyond the plan's limit), and its rows erased with the account.
 */
import fp from 'fastify-plugin';
import { registerAccountLifecycle } from '../accounts/account-lifecycle';
import { createAccountAreaHandlers } from './account-area-handlers';
import { admitDevice } from './devices';
import { eraseAccountAreaData } from './erase';
import { grantInviteTrial } from './invite-trial';
import { seedAccountAreaDemo } from './seed-demo';

export function registerAccountAreaHooks(): void {
  registerAccountLifecycle({
    name: 'accountArea',
    registered: async (tx, { userId, invited }) => {
      if (invited) await grantInviteTrial(tx, userId);
    },
    signingIn: admitDevice,
    erasing: eraseAccountAreaData,
  });
}

export const accountAreaPlugin = fp(async (app) => {
  const { config, db, sessionCache, siteOrigin } = app.services;
  if (config.seedDemo) await seedAccountAreaDemo(db);
  app.services.addHandlers(createAccountAreaHandlers({ db, sessionCache, siteOrigin }));
});
