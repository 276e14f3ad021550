/** The states of turning two-step sign-in on and off on /user/security (docs/account-security.md). */
export const TwoStepSetupState = {
  IDLE: 'idle',
  MAKING_SECRET: 'makingSecret',
  SETTING_UP: 'settingUp',
  ENABLING: 'enabling',
  SHOWING_CODES: 'showingCodes',
  TURNING_OFF: 'turningOff',
  DISABLING: 'disabling',
} as const;

export const TwoStepSetupActor = {
  MAKE_SECRET: 'makeSecret',
  ENABLE: 'enable',
  DISABLE: 'disable',
} as const;
