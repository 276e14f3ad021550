/**
 * The staff enrolment machine as /admin/enrol/$token can drive it: the journeys of a new staff
 * member (getPathsFromEvents). The secret's failure alone (`makeSecret` refused after a good
 * `checkLink`) is left to the vitest layers: nothing in the UI makes one call fail and not the other
 * but a fault injected between them, which the load failure below already shows.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { staffEnrolmentMachine } from '../../machines/staff-enrolment/staff-enrolment.machine';
import type { StaffEnrolmentEvent } from '../../machines/staff-enrolment/staff-enrolment.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import {
  sampleEnrolmentInfo,
  sampleEnrolmentSecret,
  sampleRecoveryCodes,
} from '../../tests/machines/support/console-samples';

type EnrolmentPath = MachinePath<typeof staffEnrolmentMachine>;

const info = actorDone<StaffEnrolmentEvent>('checkLink', sampleEnrolmentInfo);
const secret = actorDone<StaffEnrolmentEvent>('makeSecret', sampleEnrolmentSecret);
const submit: StaffEnrolmentEvent = { type: 'SUBMIT', password: 'p', code: '0' };
const finished = actorDone<StaffEnrolmentEvent>('finish', { recoveryCodes: sampleRecoveryCodes });
const wrongCode = actorError<StaffEnrolmentEvent>('finish', {
  code: Errors.TOTP_CODE_INVALID.code,
});
const linkRefused = actorError<StaffEnrolmentEvent>('checkLink', {
  code: Errors.ENROLMENT_LINK_INVALID.code,
});
const offline = actorError<StaffEnrolmentEvent>('checkLink', { code: Errors.NETWORK_ERROR.code });
const saved: StaffEnrolmentEvent = { type: 'CONFIRM_SAVED' };

export function staffEnrolmentUiPaths(): EnrolmentPath[] {
  const paths: StaffEnrolmentEvent[][] = [
    // A good link, a first code typed wrong, then right; the codes saved; on to sign-in.
    [info, secret, submit, wrongCode, submit, finished, saved],
    // A link no one issued (or used, or expired).
    [linkRefused],
    // The network drops the first look at the link; trying again works.
    [offline, { type: 'RETRY' }, info, secret],
  ];
  return paths.flatMap((events) =>
    getPathsFromEvents(staffEnrolmentMachine, events, {
      input: { token: 'A'.repeat(43) },
    }),
  );
}
