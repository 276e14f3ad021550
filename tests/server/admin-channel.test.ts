/**
 * Operator commands while the site runs on the embedded PGlite (issue 11, item 7): `npm run admin`
 * hands its command to the running server through DATA_DIR/admin.sock, the site sees what it did at
 * once, and nothing opens the PGlite directory a second time (a second opener is refused, naming the
 * holder). With no server running the CLI opens the directory itself. The PGlite files are the
 * owner's only (item 6).
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { consoleEndpoints } from '../../contract/endpoints/console';
import { Errors } from '../../contract/errors';
import { adminSocketPath } from '../../server/admin/admin-channel';
import { openDatabase, rowsOf } from '../../server/db/database';
import { DirectoryLockedError } from '../../server/db/directory-lock';
import { registerByUsername } from './helpers/accounts';
import { consoleCall } from './helpers/console';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp, useTestApp } from './helpers/test-app';
import { adminProcess as admin, pgliteDirectory } from './helpers/admin-process';

const run = promisify(execFile);

function modesUnder(dir: string): { path: string; mode: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    return { path, mode: statSync(path).mode & 0o777 };
  });
}

describe('npm run admin while the server runs on PGlite', () => {
  const t = useTestApp(pgliteDirectory);

  it('runs through the server: the codes it prints are accepted by the site', async () => {
    const batch = await admin(t.dataDir, ['redeem', 'batch', '--count', '2', '--product', '101']);
    expect(batch.err).toContain('batch');
    expect(batch.code).toBe(0);
    expect(batch.out).toHaveLength(2);
    const user = await registerByUsername(t.api);
    const redeemed = await t.api.call(
      '/api/system/system_redeem_code',
      { code: batch.out[0] },
      { token: user.token },
    );
    expect(redeemed.body.code, redeemed.body.msg).toBe(200);
    const again = await admin(t.dataDir, ['redeem', 'batches']);
    expect(again.code).toBe(0);
    expect(again.out.join('\n')).toMatch(/1\/2/);
  }, 60_000);

  it('adds console staff through the server: the link is on the site origin, and the command is audited', async () => {
    const added = await admin(t.dataDir, ['staff', 'add', 'channel_owner', '--role', 'owner']);
    expect(added.code, added.err).toBe(0);
    const link = added.out.find((l) => l.includes('/admin/enrol/'));
    expect(link?.startsWith(`${t.app.services.siteOrigin()}/admin/enrol/`)).toBe(true);
    const info = await consoleCall(
      t.app,
      consoleEndpoints.consoleEnrolInfo,
      { token: link!.split('/').at(-1)! },
      { origin: null },
    );
    expect(info.body.data).toMatchObject({ username: 'channel_owner', role: 'owner' });
    const audit = rowsOf<{ action: string; actor_kind: string; target: string }>(
      await t.app.kestrel.database.db.execute(
        sql`SELECT action, actor_kind, target FROM audit_log ORDER BY id`,
      ),
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'staff.add', actor_kind: 'cli', target: 'channel_owner' },
        { action: 'cli.command', actor_kind: 'cli', target: 'staff add' },
        { action: 'cli.command', actor_kind: 'cli', target: 'redeem batch' },
      ]),
    );
  }, 60_000);

  it('switches group buy off and on while the site runs (docs/group-buy.md rule 13)', async () => {
    const user = await registerByUsername(t.api);
    const shop = async () =>
      (await t.api.call<{ groupBuy: { enabled: boolean } }>('/api/payment/payment_shop')).body.data!
        .groupBuy.enabled;
    const display = async () =>
      (await t.api.call<{ features: Record<string, boolean> }>('/api/system/system_display_config'))
        .body.data!;
    const start = () =>
      t.api.call(
        '/api/payment/payment_joint_purchase',
        {
          productId: 104,
          groupSize: 2,
          paymentType: 1,
          method: 'alipay',
          currency: 'CNY',
          idempotencyKey: crypto.randomUUID(),
        },
        { token: user.token },
      );
    const before = await display();
    const off = await admin(t.dataDir, ['group-buy', 'disable']);
    expect([off.code, off.err]).toEqual([0, '']);
    expect(off.out.join('\n')).toMatch(/group buy is off/);
    expect(await shop()).toBe(false);
    expect((await start()).body.code).toBe(Errors.GROUP_BUY_OFF.code);
    // Only the switch changed: the rest of the display config is the operator's as before.
    expect(await display()).toEqual({
      ...before,
      features: { ...before.features, groupBuy: false },
    });

    const status = await admin(t.dataDir, ['group-buy', 'status']);
    expect(status.out.join('\n')).toMatch(/group buy is off/);
    const on = await admin(t.dataDir, ['group-buy', 'enable']);
    expect([on.code, on.out.join('\n')]).toEqual([0, expect.stringMatching(/group buy is on/)]);
    expect(await shop()).toBe(true);
    expect((await start()).body.code).toBe(200);
    expect((await admin(t.dataDir, ['group-buy', 'enable', 'now'])).code).toBe(2);
  }, 60_000);

  it('reports a failed command and a usage mistake with their exit codes', async () => {
    const missing = await admin(t.dataDir, ['plans', 'disable', '999999']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no plan 999999');
    const usage = await admin(t.dataDir, ['plans', 'fly']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: npm run admin');
  }, 60_000);

  it('refuses a second opener of the PGlite directory, naming the holder', async () => {
    const second = openDatabase(undefined, t.dataDir, 'test');
    await expect(second).rejects.toBeInstanceOf(DirectoryLockedError);
    await expect(second).rejects.toThrow(`(server, pid ${process.pid})`);
    const otherProcess = await run(process.execPath, [
      '--import',
      'tsx',
      '-e',
      `import('./server/db/database.ts').then((m) => m.openDatabase(undefined, ${JSON.stringify(t.dataDir)})).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
    ]).catch((error: { code: number; stderr: string }) => error);
    expect('code' in otherProcess && otherProcess.code).toBe(3);
    expect('stderr' in otherProcess && otherProcess.stderr).toContain('already open');
    // The server still works after the refusals.
    const info = await t.api.call('/api/system/system_client_config');
    expect(info.body.code).toBe(200);
  }, 60_000);

  it('keeps DATA_DIR, the PGlite files and the socket to their owner', () => {
    expect(statSync(t.dataDir).mode & 0o077).toBe(0);
    expect(statSync(join(t.dataDir, 'pglite')).mode & 0o077).toBe(0);
    expect(statSync(adminSocketPath(t.dataDir)).mode & 0o077).toBe(0);
    const directories = modesUnder(join(t.dataDir, 'pglite')).filter((f) => f.mode & 0o100);
    expect(directories.filter((d) => d.mode & 0o077)).toEqual([]);
  });
});

describe('npm run admin with no server running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pgliteDirectory);
    await t.app.close();
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('opens the directory itself, then lets a server open it', async () => {
    const batch = await admin(t.dataDir, [
      'coupons',
      'create',
      '--code',
      'CLIDIRECT',
      '--percent',
      '5',
    ]);
    expect(batch.err).toBe('');
    expect(batch.code).toBe(0);
    const reopened = await openDatabase(undefined, t.dataDir, 'test');
    try {
      const rows = rowsOf(
        await reopened.db.execute(sql`SELECT code FROM coupons WHERE code = 'CLIDIRECT'`),
      );
      expect(rows).toEqual([{ code: 'CLIDIRECT' }]);
    } finally {
      await reopened.close();
    }
    const shared = modesUnder(join(t.dataDir, 'pglite')).filter((f) => f.mode & 0o077);
    expect(shared).toEqual([]);
  }, 60_000);
});
