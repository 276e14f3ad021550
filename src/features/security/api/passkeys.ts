import { callLazy, lazyQuery } from '../../../lib/load-api';
import { createPasskey } from '../../../lib/passkey-ceremony';
import type { PasskeyAttestation } from '../../../../contract/endpoints/passkeys';

const endpoints = () => import('../../../../contract/endpoints/passkeys');

export const passkeyListKey = ['security', 'passkeys'] as const;

/** user_passkey_list: the account's passkeys, oldest first. */
export const passkeyListQuery = () =>
  lazyQuery(passkeyListKey, endpoints, (m) => m.userPasskeyList, {});

/**
 * The first half of adding one: the current password for the options, then this device's passkey
 * made with them (the browser asks for its screen lock). Refusals are the card's to show.
 */
export async function makePasskey(password: string): Promise<PasskeyAttestation> {
  const { options } = await callLazy(
    endpoints(),
    (m) => m.userPasskeyRegisterOptions,
    { password },
    { quiet: true },
  );
  return createPasskey(options);
}

export const savePasskey = (credential: PasskeyAttestation, name: string) =>
  callLazy(endpoints(), (m) => m.userPasskeyRegister, { credential, name }, { quiet: true });

export const renamePasskey = (passkeyId: number, name: string) =>
  callLazy(endpoints(), (m) => m.userPasskeyRename, { passkeyId, name }, { quiet: true });

export const removePasskey = (passkeyId: number) =>
  callLazy(endpoints(), (m) => m.userPasskeyRemove, { passkeyId });
