import { assertEvent, assign, setup } from 'xstate';
import { Errors } from '../../contract/errors';
import {
  errorOf,
  failedWith,
  failureCode,
  placeholderAction,
  placeholderActor,
  rememberError,
} from '../shared/machine-error';
import type {
  EnrolmentInfo,
  EnrolmentSecret,
  EnrolmentTokenInput,
  FinishEnrolmentInput,
  FinishedEnrolment,
  StaffEnrolmentContext,
  StaffEnrolmentEvent,
  StaffEnrolmentInput,
} from './staff-enrolment.types';

const linkInvalid = {
  guard: { type: 'isLinkInvalid', params: errorOf },
  target: '#staffEnrolment.linkInvalid',
  actions: rememberError,
} as const;

/**
 * The two calls that only read the link (its check, the secret it gets): they send the token, and
 * a refusal is a spent link or a page that could not start.
 */
const withLink = {
  input: ({ context }: { context: StaffEnrolmentContext }) => ({ token: context.token }),
  onError: [linkInvalid, { target: 'loadFailed', actions: rememberError }],
} as const;

/**
 * A staff member's enrolment through the single-use link an owner (or `npm run admin -- staff add`)
 * handed out (issue 21, docs/console.md): the link is checked, a secret is made for the
 * authenticator app (QR code and base32 text), the staff member chooses a password and confirms the
 * app with its first code, and the 10 recovery codes are shown once, until "I have saved them".
 * `checkLink`, `makeSecret`, `finish` and `goToSignIn` must be provided with `machine.provide(...)`.
 */
export const staffEnrolmentMachine = setup({
  types: {
    context: {} as StaffEnrolmentContext,
    events: {} as StaffEnrolmentEvent,
    input: {} as StaffEnrolmentInput,
  },
  actors: {
    checkLink: placeholderActor<EnrolmentInfo, EnrolmentTokenInput>('staffEnrolment', 'checkLink'),
    makeSecret: placeholderActor<EnrolmentSecret, EnrolmentTokenInput>(
      'staffEnrolment',
      'makeSecret',
    ),
    finish: placeholderActor<FinishedEnrolment, FinishEnrolmentInput>('staffEnrolment', 'finish'),
  },
  actions: {
    goToSignIn: placeholderAction('staffEnrolment', 'goToSignIn'),
    storeInfo: assign((_, params: { info: EnrolmentInfo }) => ({
      info: params.info,
      errorCode: null,
    })),
    storeSecret: assign((_, params: { secret: EnrolmentSecret }) => ({
      secret: params.secret,
      errorCode: null,
    })),
    storeCodes: assign((_, params: { codes: readonly string[] }) => ({
      recoveryCodes: params.codes,
      errorCode: null,
    })),
    forgetSecrets: assign({ secret: null, recoveryCodes: [] }),
    rememberFailure: assign(failureCode),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    isLinkInvalid: failedWith(Errors.ENROLMENT_LINK_INVALID),
  },
}).createMachine({
  id: 'staffEnrolment',
  context: ({ input }) => ({
    token: input.token,
    info: null,
    secret: null,
    recoveryCodes: [],
    errorCode: null,
  }),
  initial: 'checkingLink',
  states: {
    // Why: the link may be used, expired or mistyped; nothing is asked before it is known good.
    checkingLink: {
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        onDone: {
          target: 'makingSecret',
          actions: { type: 'storeInfo', params: ({ event }) => ({ info: event.output }) },
        },
        ...withLink,
      },
    },
    // Why: the server makes the secret (again on each visit; the last one counts).
    makingSecret: {
      invoke: {
        id: 'makeSecret',
        src: 'makeSecret',
        onDone: {
          target: 'settingUp',
          actions: { type: 'storeSecret', params: ({ event }) => ({ secret: event.output }) },
        },
        ...withLink,
      },
    },
    // Why: a used, expired or unknown link: a clear page that says to ask an owner for a new one.
    linkInvalid: { type: 'final' },
    // Why: the network or the server failed before the page could start; asking again may work.
    loadFailed: {
      on: { RETRY: { target: 'checkingLink', actions: 'clearError' } },
    },
    // Why: the QR code and the secret are shown; the form takes the password and the first code.
    settingUp: {
      on: { SUBMIT: { target: 'finishing', actions: 'clearError' } },
    },
    // Why: one finish at a time: it spends the link.
    finishing: {
      invoke: {
        id: 'finish',
        src: 'finish',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return { token: context.token, password: event.password, code: event.code };
        },
        onDone: {
          target: 'showingCodes',
          actions: {
            type: 'storeCodes',
            params: ({ event }) => ({ codes: event.output.recoveryCodes }),
          },
        },
        // A wrong code or a refused password: the form again, with the reason.
        onError: [linkInvalid, { target: 'settingUp', actions: rememberError }],
      },
    },
    // Why: the recovery codes exist only on this screen; they are never shown again.
    showingCodes: {
      on: { CONFIRM_SAVED: 'done' },
    },
    // Why: enrolled; the codes and the secret are dropped and the sign-in page opens.
    done: { type: 'final', entry: ['forgetSecrets', 'goToSignIn'] },
  },
});
