/**
 * Passkeys in the browser tests (docs/account-security.md "Passkeys"): Chromium's virtual
 * authenticator (DevTools protocol, WebAuthn domain) stands in for a phone's or laptop's screen
 * lock: a platform authenticator that keeps discoverable credentials and verifies the person at
 * once. WebAuthn refuses an IP address as relying party, so a spec using passkeys runs on
 * `http://localhost:<port>` (`onLocalhost`), the relying party a loopback server is.
 */
import type { CDPSession, Page } from '@playwright/test';
import { endpoints } from '../../contract';
import type { ApiClient } from './api-client';
import { expect } from './fixtures';

/** The spec's pages on localhost instead of 127.0.0.1: `test.use(onLocalhost)`. */
export const onLocalhost = {
  baseURL: async (
    { baseURL }: { baseURL: string | undefined },
    use: (url: string | undefined) => Promise<void>,
  ) => {
    await use(baseURL?.replace('//127.0.0.1:', '//localhost:'));
  },
};

export interface VirtualAuthenticator {
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
  /** The credentials it holds now (one per passkey made on it). */
  credentials(): Promise<Array<{ credentialId: string; signCount: number }>>;
}

/** Attaches a virtual platform authenticator to the page: every ceremony is approved at once. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Adds a passkey to the member's account through the API and this page's authenticator (for the
 * tests whose subject is signing in with one, not adding it): the options, the browser's own
 * `navigator.credentials.create()`, then user_passkey_register. The page must be on the site.
 */
export async function addPasskeyByApi(
  page: Page,
  api: ApiClient,
  token: string,
  password: string,
  name = 'Virtual authenticator',
): Promise<void> {
  const started = await api.call<{ options: Record<string, unknown> }>(
    endpoints.userPasskeyRegisterOptions.path,
    { password },
    token,
  );
  expect(started.body.code, started.body.msg).toBe(200);
  const credential = await page.evaluate(async (options) => {
    const parse = (
      PublicKeyCredential as unknown as {
        parseCreationOptionsFromJSON(json: unknown): PublicKeyCredentialCreationOptions;
      }
    ).parseCreationOptionsFromJSON;
    const made = (await navigator.credentials.create({
      publicKey: parse(options),
    })) as PublicKeyCredential & { toJSON(): unknown };
    return made.toJSON();
  }, started.body.data.options);
  const added = await api.call(endpoints.userPasskeyRegister.path, { credential, name }, token);
  expect(added.body.code, added.body.msg).toBe(200);
}
