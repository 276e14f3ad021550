/**
 * The group-buys section's endpoints (contract/endpoints/console-groups.ts): each calls an operator
 * function (group-operations.ts) with the signed-in staff member as the actor. The guard
 * (console-plugin.ts) has checked the session, the CSRF token, `group-buy.manage` and, for ending a
 * group (its refunds move money), the step-up.
 */
import type { consoleGroupEndpoints } from '../../../contract/endpoints/console-groups';
import type { HandlersOf } from '../console-handler';
import { endGroupNow, groupRecord, listGroups, type GroupDeps } from './group-operations';

export function groupHandlers(deps: GroupDeps): HandlersOf<typeof consoleGroupEndpoints> {
  const { db } = deps;
  return {
    consoleGroupList: (input) => {
      const { page, pageSize, groupId, ...filter } = input;
      return listGroups(
        db,
        { ...filter, ...(groupId ? { groupNo: groupId } : {}) },
        {
          page,
          pageSize,
        },
      );
    },
    consoleGroupRecord: (input) => groupRecord(db, input.groupId),
    consoleGroupEnd: (input, { actor }) => endGroupNow(deps, actor, input),
  };
}
