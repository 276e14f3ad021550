/** The states of adding a passkey on /user/security (docs/machines.md, docs/account-security.md). */
export const PasskeyRegistrationState = {
  IDLE: 'idle',
  CONFIRMING_PASSWORD: 'confirmingPassword',
  CREATING: 'creating',
  NAMING: 'naming',
  SAVING: 'saving',
} as const;

export const PasskeyRegistrationActor = {
  CREATE: 'createPasskey',
  SAVE: 'savePasskey',
} as const;
