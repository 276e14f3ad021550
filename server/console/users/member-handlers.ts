/**
 * The members section's endpoints (contract/endpoints/console-users.ts): each one calls an operator
 * function with the signed-in staff member as the actor. The guard (console-plugin.ts) has checked
 * the session, the CSRF token, the permission and, for the outage compensation, the step-up.
 */
import type { consoleUserEndpoints } from '../../../contract/endpoints/console-users';
import type { Handler } from '../console-handler';
import {
  activeMemberCount,
  adjustMembership,
  extendActiveMembers,
  removeMemberDevice,
  resetMemberSubscription,
  setMemberDisabled,
  signOutMember,
  type MemberDeps,
} from './member-operations';
import { memberRecord, searchMembers } from './member-record';

export function memberHandlers(
  deps: MemberDeps,
): Record<keyof typeof consoleUserEndpoints, Handler> {
  const { db, now } = deps;
  return {
    consoleUserSearch: async (input: { q: string }) => ({
      members: await searchMembers(db, input.q),
    }),
    consoleUserRecord: (input: { userId: number }) => memberRecord(db, input.userId),
    consoleUserAdjustMembership: (
      input: { userId: number; days: number; reason: string; key: string },
      { actor },
    ) => adjustMembership(deps, actor, input),
    consoleUserSetDisabled: (
      input: { userId: number; disabled: boolean; reason: string },
      { actor },
    ) => setMemberDisabled(deps, actor, input),
    consoleUserSignOut: (input: { userId: number }, { actor }) => signOutMember(deps, actor, input),
    consoleUserResetSubscription: (input: { userId: number }, { actor }) =>
      resetMemberSubscription(deps, actor, input),
    consoleUserRemoveDevice: (input: { userId: number; deviceId: number }, { actor }) =>
      removeMemberDevice(deps, actor, input),
    consoleBulkExtendPreview: async () => {
      const at = now();
      return { activeMembers: await activeMemberCount(db, at), at: at.toISOString() };
    },
    consoleBulkExtend: (input: { days: number; reason: string; key: string }, { actor }) =>
      extendActiveMembers(deps, actor, input),
  };
}
