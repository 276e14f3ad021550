/** The states of a staff member's enrolment at /admin/enrol/$token (docs/console.md). */
export const StaffEnrolmentState = {
  CHECKING_LINK: 'checkingLink',
  MAKING_SECRET: 'makingSecret',
  LINK_INVALID: 'linkInvalid',
  LOAD_FAILED: 'loadFailed',
  SETTING_UP: 'settingUp',
  FINISHING: 'finishing',
  SHOWING_CODES: 'showingCodes',
  DONE: 'done',
} as const;

export const StaffEnrolmentActor = {
  CHECK_LINK: 'checkLink',
  MAKE_SECRET: 'makeSecret',
  FINISH: 'finish',
} as const;
