/** The operator commands of the account area: benefits and VPN nodes (bad args change nothing). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runAdmin } from '../../server/admin/cli';
import { run as benefitsCommand } from '../../server/admin/benefits-command';
import { run as nodesCommand } from '../../server/admin/nodes-command';
import { benefits, vpnNodes } from '../../server/db/schema';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const [pglite] = await databaseVariants();

describe('operator commands', () => {
  const t = useTestApp(pglite!);
  const db = () => t.app.kestrel.database.db;

  async function exec(
    command: typeof nodesCommand,
    args: string[],
  ): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await command(db(), args, (line) => lines.push(line));
    return { code, lines };
  }

  /** Each bad argument list exits 2 printing the command's usage, and the table keeps its rows. */
  async function expectRefusedWithUsage(
    command: typeof nodesCommand,
    table: typeof vpnNodes | typeof benefits,
    usage: string,
    bads: string[][],
  ) {
    const before = await db().select().from(table);
    for (const bad of bads) {
      const result = await exec(command, bad);
      expect(result.code, bad.join(' ')).toBe(2);
      expect(result.lines.join('\n')).toContain(usage);
    }
    expect(await db().select().from(table)).toHaveLength(before.length);
  }

  it('nodes: add, list, disable, enable; bad arguments print the usage and change nothing', async () => {
    await expectRefusedWithUsage(nodesCommand, vpnNodes, 'usage: admin nodes', [
      [],
      ['add'],
      ['add', '--name', 'X', '--protocol', 'wireguard', '--host', 'h.example', '--port', '1'],
      ['add', '--name', 'X', '--protocol', 'vless', '--host', 'h.example', '--port', '70000'],
      ['add', '--name', 'X', '--protocol', 'ss', '--host', 'h.example', '--port', '8388'],
      ['add', '--name', 'X', '--protocol', 'vless', '--host', 'bad host', '--port', '443'],
      ['add', '--name', 'Tokyo 01', '--protocol', 'vless', '--host', 'h.example', '--port', '443'],
      ['disable', 'abc'],
      ['list', 'extra'],
    ]);

    const added = await exec(nodesCommand, [
      'add',
      '--name',
      'Frankfurt 01',
      '--protocol',
      'ss',
      '--host',
      'de1.example',
      '--port',
      '8388',
      '--method',
      'aes-256-gcm',
    ]);
    expect(added.code).toBe(0);
    const id = Number(/added node (\d+)/.exec(added.lines[0]!)![1]);
    const listed = await exec(nodesCommand, ['list']);
    expect(
      listed.lines.some((l) => l.includes('Frankfurt 01') && l.includes('de1.example:8388')),
    ).toBe(true);
    expect((await exec(nodesCommand, ['disable', String(id)])).code).toBe(0);
    expect(
      (await exec(nodesCommand, ['list'])).lines.find((l) => l.startsWith(`${id}\t`)),
    ).toContain('disabled');
    expect((await exec(nodesCommand, ['enable', String(id)])).code).toBe(0);
    expect((await exec(nodesCommand, ['disable', '999999'])).code).toBe(1);
  });

  it('benefits: add, list, disable; bad arguments print the usage and change nothing', async () => {
    await expectRefusedWithUsage(benefitsCommand, benefits, 'usage: admin benefits', [
      ['add', '--title', 'T'],
      ['add', '--title', 'T', '--account', 'a', '--password', 'p', '--link', 'not-a-url'],
      [
        'add',
        '--title',
        'T',
        '--account',
        'a',
        '--password',
        'p',
        '--link',
        'https://x.example',
        '--colour',
        'red',
      ],
      ['remove', '1'],
      // Shown on Chinese pages too: a title without its Chinese is refused, and so is a
      // description in one language only.
      ['add', '--title', 'T', '--account', 'a', '--password', 'p', '--link', 'https://x.example'],
      [
        'add',
        '--title',
        'T',
        '--title-zh',
        '标题',
        '--account',
        'a',
        '--password',
        'p',
        '--link',
        'https://x.example',
        '--description',
        'D',
      ],
      ['translate', '1'],
      ['translate', 'x', '--title-zh', '标题'],
    ]);
    const added = await exec(benefitsCommand, [
      'add',
      '--title',
      'Music',
      '--title-zh',
      '音乐',
      '--description',
      'A music account.',
      '--description-zh',
      '音乐账号。',
      '--account',
      'music@partner.example',
      '--password',
      'pw-1',
      '--link',
      'https://music.example/login',
    ]);
    expect(added.code).toBe(0);
    const id = Number(/added benefit (\d+)/.exec(added.lines[0]!)![1]);
    expect((await exec(benefitsCommand, ['list'])).lines.some((l) => l.includes('Music'))).toBe(
      true,
    );
    const [row] = await db().select().from(benefits).where(eq(benefits.id, id));
    expect(row).toMatchObject({ titleZh: '音乐', descriptionZh: '音乐账号。' });
    expect(
      (await exec(benefitsCommand, ['translate', String(id), '--title-zh', '音乐会员'])).code,
    ).toBe(0);
    const [translated] = await db().select().from(benefits).where(eq(benefits.id, id));
    expect(translated).toMatchObject({ titleZh: '音乐会员', descriptionZh: '音乐账号。' });
    expect((await exec(benefitsCommand, ['translate', '999999', '--title-zh', '无'])).code).toBe(1);
    expect((await exec(benefitsCommand, ['disable', String(id)])).code).toBe(0);
    expect(
      (await exec(benefitsCommand, ['list'])).lines.find((l) => l.startsWith(`${id}\t`)),
    ).toContain('disabled');
  });
});

describe('operator commands through npm run admin', () => {
  const t = useTestApp(pglite!);

  async function admin(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, {
      io: { out: (l) => out.push(l), err: (l) => err.push(l) },
      now: () => new Date(),
      openDb: async () => t.app.kestrel.database.db,
      gateways: () => Promise.reject(new Error('no gateways here')),
      backupDir: join(t.dataDir, 'backups'),
    });
    return { code, out, err };
  }

  it('routes nodes and benefits to their commands and lists them in the usage', async () => {
    const nodes = await admin(['nodes', 'list']);
    expect(nodes.code).toBe(0);
    const rows = await t.app.kestrel.database.db.select().from(vpnNodes);
    expect(nodes.out).toHaveLength(rows.length);
    const list = await admin(['benefits', 'list']);
    expect(list.code).toBe(0);
    const bad = await admin(['nodes', 'add', '--name', 'X']);
    expect(bad.code).toBe(2);
    expect(bad.out.join('\n')).toContain('admin nodes add');
    const help = await admin(['help']);
    expect(help.code).toBe(2);
    expect(help.err.join('\n')).toMatch(/nodes list[\s\S]*benefits list/);
  });
});
