/**
 * The pieces under the protocol: the nonce stores (in-process and Redis, atomic under parallel
 * claims), PKCS#1 unpadding, key files created on first start, migrations applied once even by
 * several processes at the same time, and the environment parsing.
 */
import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { createSessionCache } from '../../server/identity/session-cache';
import type { Authenticated } from '../../server/identity/sessions';
import { loadConfig } from '../../server/config';
import { openDatabase, rowsOf } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import {
  createMemoryNonceStore,
  createRedisNonceStore,
  type NonceStore,
} from '../../server/protocol/nonce-store';
import { loadPlatformKeys } from '../../server/protocol/rsa-keys';
import { decryptSignature, unpadPkcs1Type2 } from '../../server/protocol/signature';
import { PROD_REQUIRED_ENV } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { redisAvailable, REDIS_URL } from './helpers/test-redis';

const variants = await databaseVariants();
const withRedis = await redisAvailable();

const stores: { name: string; make: () => { store: NonceStore; done: () => Promise<void> } }[] = [
  {
    name: 'memory',
    make: () => {
      const store = createMemoryNonceStore();
      return { store, done: () => store.close() };
    },
  },
];
if (withRedis) {
  stores.push({
    name: 'redis',
    make: () => {
      const redis = new Redis(REDIS_URL);
      const store = createRedisNonceStore(redis, `test-nonce-${randomBytes(4).toString('hex')}:`);
      return {
        store,
        done: async () => {
          await store.close();
          redis.disconnect();
        },
      };
    },
  });
}

describe('in-process nonce store', () => {
  it('refuses a signature made before the store (the process) started: nothing replays across a restart', async () => {
    let clock = 1_000_000;
    const store = createMemoryNonceStore(() => clock);
    clock += 5000;
    expect(await store.claim('ios:abcdEFGH:999999', 60, 999_999)).toBe('before-fence');
    expect(await store.claim('ios:abcdEFGH:1000000', 60, 1_000_000)).toBe(true);
    expect(await store.claim('ios:abcdEFGH:1000000', 60, 1_000_000)).toBe(false);
    await store.close();
  });
});

describe.each(stores)('nonce store: $name', ({ make }) => {
  const { store, done } = make();
  afterAll(() => done());

  it('claims a key once; a replay is refused', async () => {
    expect(await store.claim('ios:abcdEFGH:1', 60)).toBe(true);
    expect(await store.claim('ios:abcdEFGH:1', 60)).toBe(false);
    expect(await store.claim('ios:abcdEFGH:2', 60)).toBe(true);
  });

  it('lets exactly one of 50 parallel claims win', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.claim('race:key:1', 60)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('forgets a key after its time to live', async () => {
    expect(await store.claim('short:key', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.claim('short:key', 1)).toBe(true);
  });
});

describe('signature decoding', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encrypt = (text: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(text),
    ).toString('base64');

  it('decodes a PKCS#1 v1.5 signature and checks the window', () => {
    const now = 1_800_000_000_000;
    const ok = decryptSignature(
      encrypt(JSON.stringify({ nonce: 'Ab3dEf7h', timestamp: now })),
      privateKey,
      now,
    );
    expect(ok).toEqual({ ok: true, payload: { nonce: 'Ab3dEf7h', timestamp: now } });
    const late = decryptSignature(
      encrypt(JSON.stringify({ nonce: 'Ab3dEf7h', timestamp: now })),
      privateKey,
      now + 301_000,
    );
    expect(late).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects malformed padding blocks', () => {
    const good = Buffer.concat([
      Buffer.from([0, 2]),
      Buffer.alloc(240, 7),
      Buffer.from([0]),
      Buffer.from('{"x":1}'),
    ]);
    expect(unpadPkcs1Type2(good)?.toString()).toBe('{"x":1}');
    const wrongType = Buffer.from(good);
    wrongType[1] = 1;
    expect(unpadPkcs1Type2(wrongType)).toBeUndefined();
    const leading = Buffer.from(good);
    leading[0] = 1;
    expect(unpadPkcs1Type2(leading)).toBeUndefined();
    const shortPad = Buffer.concat([
      Buffer.from([0, 2]),
      Buffer.alloc(5, 7),
      Buffer.from([0]),
      Buffer.alloc(243, 1),
    ]);
    expect(unpadPkcs1Type2(shortPad)).toBeUndefined();
    const noSeparator = Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(254, 7)]);
    expect(unpadPkcs1Type2(noSeparator)).toBeUndefined();
  });
});

describe('key files', () => {
  it('creates four RSA-2048 pairs on first start (private 0600) and reuses them afterwards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kestrel-keys-'));
    try {
      const first = await loadPlatformKeys(dir, {});
      for (const platform of ['ios', 'android', 'mac', 'windows']) {
        expect(statSync(join(dir, 'keys', `${platform}.pem`)).mode & 0o777).toBe(0o600);
        expect(statSync(join(dir, 'keys', `${platform}.pub.pem`)).isFile()).toBe(true);
      }
      const second = await loadPlatformKeys(dir, {});
      expect(second.ios.publicPem).toBe(first.ios.publicPem);
      expect(
        new Set([first.ios, first.android, first.mac, first.windows].map((k) => k.publicPem)).size,
      ).toBe(4);
      const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const fromEnv = await loadPlatformKeys(dir, { mac: pem });
      expect(fromEnv.mac.publicPem).not.toBe(first.mac.publicPem);
      await expect(loadPlatformKeys(dir, { ios: 'not a pem' })).rejects.toThrow(
        /RSA_PRIVATE_KEY_IOS/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(variants)('migrations on $name', (variant) => {
  it(
    'apply once, even when several processes start together, and again is a no-op',
    { timeout: 180_000 },
    async () => {
      const target = await variant.create();
      const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-migrate-'));
      // PGlite is one process by nature; PostgreSQL gets four independent pools racing.
      const racers = variant.name === 'postgres' ? 4 : 1;
      const databases = await Promise.all(
        Array.from({ length: racers }, () => openDatabase(target.url, dataDir)),
      );
      try {
        const all = await readMigrations();
        const applied = await Promise.all(databases.map((d) => migrate(d.db)));
        expect(applied.flat().sort()).toEqual(all.map((m) => m.name).sort());
        expect(await migrate(databases[0]!.db)).toEqual([]);
        const rows = rowsOf<{ name: string }>(
          await databases[0]!.db.execute(sql`SELECT name FROM schema_migrations`),
        );
        expect(rows.map((r) => r.name)).toEqual(all.map((m) => m.name));
      } finally {
        await Promise.all(databases.map((d) => d.close()));
        await target.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('config', () => {
  it('has the documented defaults and derives APP_ENV from NODE_ENV', () => {
    const dev = loadConfig({});
    expect(dev).toMatchObject({ port: 8080, host: '127.0.0.1', appEnv: 'DEV', seedDemo: true });
    expect(dev.dataDir).toMatch(/\/data$/);
    expect(dev.staticDir).toMatch(/dist\/client$/);
    const prod = loadConfig({ NODE_ENV: 'production', ...PROD_REQUIRED_ENV });
    expect(prod).toMatchObject({ appEnv: 'PROD', seedDemo: false });
    expect(
      loadConfig({ NODE_ENV: 'production', ...PROD_REQUIRED_ENV, SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_ENV: 'STAGING' })).toThrow(/APP_ENV/);
  });

  it('refuses to start PROD without PUBLIC_ORIGIN (shared links) or SMTP_URL (e-mail codes)', () => {
    const prod = { APP_ENV: 'PROD', ...PROD_REQUIRED_ENV };
    expect(() => loadConfig({ ...prod, PUBLIC_ORIGIN: '' })).toThrow(/PROD needs PUBLIC_ORIGIN/);
    expect(() => loadConfig({ ...prod, SMTP_URL: undefined })).toThrow(/PROD needs SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN .* and SMTP_URL/);
    expect(loadConfig(prod).publicOrigins).toEqual(['https://vpn.example']);
    // Outside PROD neither is needed: links name the listening address, codes go to the outbox.
    expect(loadConfig({ APP_ENV: 'DEV' }).publicOrigins).toEqual([]);
  });

  it('takes PUBLIC_ORIGIN as a list of bare http(s) origins', () => {
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://VPN.example/, http://127.0.0.1:8080' }).publicOrigins,
    ).toEqual(['https://vpn.example', 'http://127.0.0.1:8080']);
    for (const bad of [
      'vpn.example',
      'ftp://vpn.example',
      'https://vpn.example/app',
      'https://a@b.c',
    ])
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe('session cache', () => {
  const auth = (sessionId: number, userId: number) =>
    ({ sessionId, user: { id: userId } }) as unknown as Authenticated;

  it('trusts a session for its time to live only', () => {
    let clock = 1_000;
    const cache = createSessionCache(2_000, 10, () => clock);
    cache.set('h1', auth(1, 7), cache.epoch());
    expect(cache.get('h1')?.sessionId).toBe(1);
    clock += 2_001;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets revoked sessions and users at once, and ignores reads that raced a revocation', () => {
    const cache = createSessionCache(60_000);
    cache.set('a', auth(1, 7), cache.epoch());
    cache.set('b', auth(2, 7), cache.epoch());
    cache.set('c', auth(3, 8), cache.epoch());
    cache.forgetSession(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.forgetUser(7);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    const before = cache.epoch();
    cache.forgetUser(8);
    cache.set('c', auth(3, 8), before);
    expect(cache.get('c')).toBeUndefined();
  });

  it('is off at 0 seconds and bounded in size', () => {
    const off = createSessionCache(0);
    off.set('x', auth(1, 1), off.epoch());
    expect(off.get('x')).toBeUndefined();
    const small = createSessionCache(60_000, 2);
    for (const key of ['k1', 'k2', 'k3']) small.set(key, auth(1, 1), small.epoch());
    expect(small.get('k1')).toBeUndefined();
    expect(small.get('k3')).toBeDefined();
  });
});
