import { constants, publicEncrypt, randomInt } from 'node:crypto';
import { API_VERSION_PREFIX, HEADER, NONCE_ALPHABET, NONCE_LENGTH } from '../../contract/protocol';

export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  status: string | number;
  data: T;
}

export interface ApiResult<T = unknown> {
  readonly httpStatus: number;
  readonly body: ApiEnvelope<T>;
  /** The fresh session token of the `pragma` header, when the call started a session. */
  readonly token: string | null;
}

const PLATFORM = 'windows';

/**
 * Calls the API the way the SPA does (DESIGN §2): the body carries an RSA PKCS#1 v1.5 signature
 * of `{nonce, timestamp}` made with the platform's public key from GET /v4/public-keys.
 */
export class ApiClient {
  private publicKey: Promise<string> | null = null;

  constructor(
    readonly baseURL: string,
    readonly language: 'en' | 'zh_CN' = 'en',
  ) {}

  private async key(): Promise<string> {
    this.publicKey ??= fetch(`${this.baseURL}${API_VERSION_PREFIX}/public-keys`)
      .then((res) => {
        if (!res.ok) throw new Error(`GET /v4/public-keys answered ${res.status}`);
        return res.json() as Promise<{ keys: Record<string, string> }>;
      })
      .then(({ keys }) => {
        const pem = keys[PLATFORM];
        if (!pem) throw new Error(`GET /v4/public-keys has no ${PLATFORM} key`);
        return pem;
      });
    return this.publicKey;
  }

  async signature(): Promise<string> {
    let nonce = '';
    for (let i = 0; i < NONCE_LENGTH; i++)
      nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
    const payload = Buffer.from(JSON.stringify({ nonce, timestamp: Date.now() }));
    return publicEncrypt(
      { key: await this.key(), padding: constants.RSA_PKCS1_PADDING },
      payload,
    ).toString('base64');
  }

  async call<T = unknown>(
    path: string,
    params: Record<string, unknown> = {},
    token?: string,
    /** Further headers, e.g. an app's `deviceId`, `model` and `platform`. */
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [HEADER.platform]: PLATFORM,
      [HEADER.language]: this.language,
      ...extraHeaders,
    };
    if (token) headers[HEADER.authorization] = token;
    const res = await fetch(`${this.baseURL}${API_VERSION_PREFIX}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ signature: await this.signature(), ...params }),
    });
    const body = (await res.json()) as ApiEnvelope<T>;
    return { httpStatus: res.status, body, token: res.headers.get(HEADER.pragma) };
  }

  /** Like `call`, but a failure (code != 200) throws with the server's answer. */
  async ok<T = unknown>(
    path: string,
    params: Record<string, unknown> = {},
    token?: string,
  ): Promise<ApiResult<T>> {
    const result = await this.call<T>(path, params, token);
    if (result.body.code !== 200) {
      throw new Error(`${path} failed: ${JSON.stringify(result.body)}`);
    }
    return result;
  }
}
