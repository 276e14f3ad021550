/**
 * The account area's endpoints (issue 5): devices, invitations, benefits and the third-party client.
 * Rules in docs/account-area.md.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { maskInvitee } from '../accounts/account-identifiers';
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import { benefits, inviteRewards, invites, orders, users } from '../db/schema';
import { fail } from '../protocol/api-error';
import { requireAuth, type Handlers } from '../protocol/api-context';
import { type ApiLanguage } from '../../contract';
import { deviceLimitOf } from '../accounts/device-limit';
import { deviceOfSession, listDevices, unbindDevice } from './devices';
import {
  issueSubscriptionLink,
  readThirdPartyClient,
  toggleThirdPartyClient,
} from './third-party-client';

export interface AccountAreaDeps {
  readonly db: Db;
  readonly sessionCache: SessionCache;
  /** The site's origin for import links (server/web/site-origin.ts). */
  readonly siteOrigin: () => string;
}

/** Operator content in the caller's language; a row not translated yet shows its English text. */
function inLanguage(language: ApiLanguage, english: string, chinese: string): string {
  return language === 'zh_CN' && chinese ? chinese : english;
}

export function createAccountAreaHandlers(deps: AccountAreaDeps): Handlers {
  const { db, sessionCache } = deps;

  /** The benefits on offer, in their display order. */
  const activeBenefits = () =>
    db
      .select()
      .from(benefits)
      .where(eq(benefits.active, true))
      .orderBy(asc(benefits.sort), asc(benefits.id));

  return {
    async userGetDeviceList(_params, context) {
      const { user, sessionId } = requireAuth(context);
      const rows = await listDevices(db, user.id);
      // The device this session signed in on: a browser that got its token another way (a link
      // with ?token=, a session from before browsers had ids) is the device it signed in as.
      const current = await deviceOfSession(db, sessionId);
      return {
        devices: rows.map((row) => ({
          id: row.id,
          deviceType: row.deviceType,
          deviceId: row.deviceId,
          os: row.os,
          osVersion: row.osVersion,
          deviceName: row.deviceName,
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.deviceId === current,
          web: row.isWeb,
        })),
        maxDevices: deviceLimitOf(
          { expire_time: user.expireTime, device_limit: user.deviceLimit },
          new Date(),
        ),
      };
    },

    async userUnbindDevice(params, context) {
      const { user } = requireAuth(context);
      if (!(await unbindDevice(db, user.id, params.id))) throw fail('DEVICE_NOT_FOUND');
      sessionCache.forgetUser(user.id);
      return {};
    },

    async userInviteList(_params, context) {
      const { user } = requireAuth(context);
      const rows = await db
        .select({
          invitedAt: invites.createdAt,
          inviteeId: users.id,
          username: users.username,
          email: users.email,
          phone: users.phone,
          rewardedAt: inviteRewards.createdAt,
          seconds: inviteRewards.seconds,
          groupType: orders.groupType,
          months: orders.months,
        })
        .from(invites)
        .innerJoin(users, eq(users.id, invites.inviteeId))
        .leftJoin(
          inviteRewards,
          and(eq(inviteRewards.inviteeId, invites.inviteeId), eq(inviteRewards.inviterId, user.id)),
        )
        .leftJoin(orders, eq(orders.id, inviteRewards.orderId))
        .where(eq(invites.inviterId, user.id))
        .orderBy(desc(sql`coalesce(${inviteRewards.createdAt}, ${invites.createdAt})`))
        .limit(500);
      const invitations = rows.map((row) => ({
        date: (row.rewardedAt ?? row.invitedAt).toISOString(),
        invitee: maskInvitee({
          id: row.inviteeId,
          username: row.username,
          email: row.email,
          phone: row.phone,
        }),
        product:
          row.groupType === 1 || row.groupType === 2
            ? { groupType: row.groupType, months: row.months ?? 0 }
            : null,
        bonusSeconds: Number(row.seconds ?? 0),
      }));
      // Fresh, not the session cache's copy: a purchase a second ago counts.
      const [fresh] = await db
        .select({ expireTime: users.expireTime })
        .from(users)
        .where(eq(users.id, user.id));
      const now = new Date();
      return {
        invitations,
        totalBonusSeconds: invitations.reduce((sum, row) => sum + row.bonusSeconds, 0),
        canEarn: fresh?.expireTime != null && fresh.expireTime > now,
      };
    },

    async systemBenefits(_params, context) {
      const rows = await activeBenefits();
      return {
        items: rows.map((row) => ({
          title: inLanguage(context.language, row.title, row.titleZh),
          description: inLanguage(context.language, row.description, row.descriptionZh),
        })),
      };
    },

    async systemUserBenefits(_params, context) {
      const { user } = requireAuth(context);
      const now = new Date();
      const eligible =
        user.yearlyPaid && user.benefitsExpireTime !== null && user.benefitsExpireTime > now;
      if (!eligible) throw fail('BENEFITS_NOT_ELIGIBLE');
      const rows = await activeBenefits();
      return {
        items: rows.map((row) => ({
          title: inLanguage(context.language, row.title, row.titleZh),
          account: row.account,
          password: row.password,
          link: row.link,
        })),
      };
    },

    async userThirdPartyClient(_params, context) {
      const { user } = requireAuth(context);
      return readThirdPartyClient(db, user.id, user.expireTime);
    },

    async userThirdPartyClientToggle(params, context) {
      const { user } = requireAuth(context);
      return toggleThirdPartyClient(db, user.id, params.enabled);
    },

    async userThirdPartyClientLink(_params, context) {
      const { user } = requireAuth(context);
      return issueSubscriptionLink(db, user.id, user.expireTime, deps.siteOrigin());
    },
  };
}
