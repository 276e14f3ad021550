/** Just enough of the signed protocol (DESIGN §2) for a benchmark to log the demo user in. */
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

  async login(account, password) {
    const res = await fetch(`${this.origin}/v4/api/user/user_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', platform: this.platform, language: 'en' },
      body: JSON.stringify({ signature: await this.signature(), account, password }),
    });
    const body = await res.json();
    const token = res.headers.get('pragma');
    if (body.code !== 200 || !token) throw new Error(`login answered ${JSON.stringify(body)}`);
    return token;
  }
}
