/**
 * One RSA-2048 key pair per platform. Private keys are parsed into KeyObjects once here: parsing a PEM
 * per request costs four times the decryption itself (DESIGN §2).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_PLATFORMS, type ApiPlatform } from '../../contract';

export interface PlatformKey {
  readonly privateKey: KeyObject;
  /** SPKI PEM, what the SPA hands to jsencrypt. */
  readonly publicPem: string;
}

export type PlatformKeys = Readonly<Record<ApiPlatform, PlatformKey>>;

const RSA_BITS = 2048;

function fromPrivatePem(pem: string, source: string): PlatformKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`${source} is not a readable PEM private key`);
  }
  if (
    privateKey.asymmetricKeyType !== 'rsa' ||
    privateKey.asymmetricKeyDetails?.modulusLength !== RSA_BITS
  ) {
    throw new Error(`${source} must be an RSA-${RSA_BITS} private key`);
  }
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicPem };
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes via a temporary name so a crash or a second process never leaves half a key behind. */
async function writeAtomically(path: string, content: string, mode: number): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode });
  await chmod(temporary, mode);
  await rename(temporary, path);
}

async function loadOrCreate(dir: string, platform: ApiPlatform): Promise<PlatformKey> {
  const privatePath = join(dir, `${platform}.pem`);
  const existing = await readOptional(privatePath);
  if (existing) return fromPrivatePem(existing, privatePath);
  const pair = generateKeyPairSync('rsa', { modulusLength: RSA_BITS });
  const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  await writeAtomically(privatePath, privatePem, 0o600);
  await writeAtomically(join(dir, `${platform}.pub.pem`), publicPem, 0o644);
  // Another process may have won the race to create the file: trust what is on disk.
  const onDisk = await readFile(privatePath, 'utf8');
  return fromPrivatePem(onDisk, privatePath);
}

export async function loadPlatformKeys(
  dataDir: string,
  fromEnv: Partial<Record<ApiPlatform, string>>,
): Promise<PlatformKeys> {
  const dir = join(dataDir, 'keys');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const entries = await Promise.all(
    API_PLATFORMS.map(async (platform) => {
      const pem = fromEnv[platform];
      const key = pem
        ? fromPrivatePem(pem, `RSA_PRIVATE_KEY_${platform.toUpperCase()}`)
        : await loadOrCreate(dir, platform);
      return [platform, key] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ApiPlatform, PlatformKey>;
}
