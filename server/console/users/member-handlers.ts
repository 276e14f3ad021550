/**
 * The members section's endpoints (contract/endpoints/console-users.ts): each one calls an operator
 * function with the signed-in staff member as the actor. The guard (console-plugin.ts) has checked
 * the session, the CSRF token, the permission and, for the outage compensation, the step-up.
 */
import type { consoleUserEndpoints } from '../../../contract/endpoints/console-users';
import type { HandlersOf } from '../console-handler';
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

export function memberHandlers(deps: MemberDeps): HandlersOf<typeof consoleUserEndpoints> {
  const { db, now } = deps;
  return {
    consoleUserSearch: async (input) => ({ members: await searchMembers(db, input.q) }),
    consoleUserRecord: (input) => memberRecord(db, input.userId),
    consoleUserAdjustMembership: (input, { actor }) => adjustMembership(deps, actor, input),
    consoleUserSetDisabled: (input, { actor }) => setMemberDisabled(deps, actor, input),
    consoleUserSignOut: (input, { actor }) => signOutMember(deps, actor, input),
    consoleUserResetSubscription: (input, { actor }) => resetMemberSubscription(deps, actor, input),
    consoleUserRemoveDevice: (input, { actor }) => removeMemberDevice(deps, actor, input),
    consoleBulkExtendPreview: async () => {
      const at = now();
      return { activeMembers: await activeMemberCount(db, at), at: at.toISOString() };
    },
    consoleBulkExtend: (input, { actor }) => extendActiveMembers(deps, actor, input),
  };
}
