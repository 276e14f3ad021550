/** Just enough of the signed protocol (DESIGN §2) for a benchmark to log in and make signed calls. */
import { Buffer } from 'node:buffer';
import { constants, publicEncrypt, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class ApiClientForBench {
  constructor(origin, platform = 'windows') {
    this.origin = origin;
    this.platform = platform;
  }

  async signature() {
    if (!this.pem) {
      const { keys } = await (await fetch(`${this.origin}/v4/public-keys`)).json();
      this.pem = keys[this.platform];
    }
    let nonce = '';
    for (let i = 0; i < 8; i++) nonce += ALPHABET[randomInt(ALPHABET.length)];
    const payload = Buffer.from(JSON.stringify({ nonce, timestamp: Date.now() }));
    return publicEncrypt({ key: this.pem, padding: constants.RSA_PKCS1_PADDING }, payload).toString(
      'base64',
    );
  }

  /**
   * One signed call: `{ httpStatus, body, token }`, where `token` is the session a login or a
   * registration hands out (the `pragma` header). `token` signs the call in as that session.
   */
  async call(path, params = {}, token = undefined) {
    const headers = { 'content-type': 'application/json', platform: this.platform, language: 'en' };
    if (token) headers.authorization = token;
    const res = await fetch(`${this.origin}/v4${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ signature: await this.signature(), ...params }),
    });
    return { httpStatus: res.status, body: await res.json(), token: res.headers.get('pragma') };
  }

  async login(account, password) {
    const { body, token } = await this.call('/api/user/user_login', { account, password });
    if (body.code !== 200 || !token) throw new Error(`login answered ${JSON.stringify(body)}`);
    return token;
  }
}
