/**
 * RSA key generation costs ~0.1-0.5 s per key; the suites share one set, generated once per run and
 * passed in through the RSA_PRIVATE_KEY_* variables like an operator would.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PLATFORMS, type ApiPlatform } from '../../../contract';

const dir = join(tmpdir(), 'kestrel-test-keys');

export function testPrivateKeys(): Record<ApiPlatform, string> {
  mkdirSync(dir, { recursive: true });
  const entries = API_PLATFORMS.map((platform) => {
    const path = join(dir, `${platform}.pem`);
    try {
      return [platform, readFileSync(path, 'utf8')] as const;
    } catch {
      const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, pem, { mode: 0o600 });
      renameSync(temporary, path);
      return [platform, readFileSync(path, 'utf8')] as const;
    }
  });
  return Object.fromEntries(entries) as Record<ApiPlatform, string>;
}

/** The shared keys as the RSA_PRIVATE_KEY_* variables an operator sets. */
export function testKeyEnv(): Record<string, string> {
  const keys = testPrivateKeys();
  return {
    RSA_PRIVATE_KEY_IOS: keys.ios,
    RSA_PRIVATE_KEY_ANDROID: keys.android,
    RSA_PRIVATE_KEY_MAC: keys.mac,
    RSA_PRIVATE_KEY_WINDOWS: keys.windows,
  };
}
