/**
 * A software WebAuthn authenticator for the server tests: one P-256 key per credential, "none"
 * attestation, user presence and verification flags as asked. It makes what a browser sends
 * (RegistrationResponseJSON, AuthenticationResponseJSON); CBOR is encoded by the verifying
 * library's own helper, so the tests build exactly what it reads.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(bytes as Uint8Array<ArrayBuffer>);
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  readonly id: Uint8Array;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly userHandle: string | undefined;
  counter: number;
}

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const map = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return isoCBOR.encode(map);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The JSON of a platform authenticator's PublicKeyCredential, as the browser hands it to the page. */
function credentialJson(id: Uint8Array, response: Record<string, unknown>) {
  return {
    id: b64(id),
    rawId: b64(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response,
  };
}

export interface CeremonyOptions {
  readonly origin: string;
  readonly rpId: string;
  /** The person was verified (screen lock, PIN): the UV flag. Default true. */
  readonly userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `navigator.credentials.create()` for the given options (as the server sent them). */
  create(
    options: { challenge: string; user?: { id?: string } },
    ceremony: CeremonyOptions,
  ): { json: Record<string, unknown>; credential: SoftCredential } {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: SoftCredential = {
      id: randomBytes(32),
      privateKey,
      publicKey,
      userHandle: options.user?.id,
      counter: 0,
    };
    this.credentials.push(credential);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([flags]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      credential.id,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const json = credentialJson(credential.id, {
      clientDataJSON: b64(clientData('webauthn.create', options.challenge, ceremony.origin)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    });
    return { json, credential };
  }

  /** `navigator.credentials.get()` with one of the credentials made here. */
  get(
    credential: SoftCredential,
    options: { challenge: string },
    ceremony: CeremonyOptions & { counter?: number },
  ): Record<string, unknown> {
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([flags]),
      counterBytes(credential.counter),
    ]);
    const data = clientData('webauthn.get', options.challenge, ceremony.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(data)]),
      credential.privateKey,
    );
    return credentialJson(credential.id, {
      clientDataJSON: b64(data),
      authenticatorData: b64(authData),
      signature: b64(signature),
      ...(credential.userHandle ? { userHandle: credential.userHandle } : {}),
    });
  }
}
