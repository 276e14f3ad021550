/** Account deletion (docs/accounts.md): the account area's personal data goes with the account. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  devices,
  nodeOnlineIps,
  subscriptionFetches,
  subscriptionLinks,
  thirdPartyClients,
} from '../db/schema';

export async function eraseAccountAreaData(tx: Db, userId: number): Promise<void> {
  await tx.delete(devices).where(eq(devices.userId, userId));
  await tx.delete(subscriptionLinks).where(eq(subscriptionLinks.userId, userId));
  await tx.delete(subscriptionFetches).where(eq(subscriptionFetches.userId, userId));
  await tx.delete(thirdPartyClients).where(eq(thirdPartyClients.userId, userId));
  // The IPs the VPN nodes saw are personal data; the monthly byte counts stay, anonymous.
  await tx.delete(nodeOnlineIps).where(eq(nodeOnlineIps.userId, userId));
}
