/**
 * The browser's half of a passkey ceremony (docs/account-security.md "Passkeys"): the server's
 * options go to `navigator.credentials.create()` / `.get()` through @simplewebauthn/browser (loaded
 * only when a passkey is used), and the credential comes back as JSON for the server. What the
 * browser refuses becomes a catalogue code, like a server's refusal: cancelled or timed out, a
 * browser without WebAuthn, a passkey this account has already.
 */
import { Errors, errorMessage } from '../../contract/errors';
import type { PasskeyAssertion, PasskeyAttestation } from '../../contract/endpoints/passkeys';
import { ApiError } from './api-error';

type Options = { readonly challenge: string } & Record<string, unknown>;

const browserLibrary = () => import('@simplewebauthn/browser');

function refusal(key: keyof typeof Errors): ApiError {
  return new ApiError(Errors[key].code, errorMessage(Errors[key].code, 'en'));
}

function ceremonyFailure(error: unknown): ApiError {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return refusal('PASSKEY_ALREADY_ADDED');
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return refusal('PASSKEY_CANCELLED');
  return refusal('PASSKEY_INVALID');
}

/** Makes a passkey with the options of `user_passkey_register_options`. */
export async function createPasskey(options: Options): Promise<PasskeyAttestation> {
  const { browserSupportsWebAuthn, startRegistration } = await browserLibrary();
  if (!browserSupportsWebAuthn()) throw refusal('PASSKEY_UNSUPPORTED');
  try {
    const credential = await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return credential as unknown as PasskeyAttestation;
  } catch (error) {
    throw ceremonyFailure(error);
  }
}

/** Answers the challenge of `user_passkey_login_options` with one of this device's passkeys. */
export async function getPasskey(options: Options): Promise<PasskeyAssertion> {
  const { browserSupportsWebAuthn, startAuthentication } = await browserLibrary();
  if (!browserSupportsWebAuthn()) throw refusal('PASSKEY_UNSUPPORTED');
  try {
    const credential = await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
    return credential as unknown as PasskeyAssertion;
  } catch (error) {
    throw ceremonyFailure(error);
  }
}
