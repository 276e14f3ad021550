/**
 * The console's crypto section (issue 21, item 7; docs/console.md), through the real HTTP server and
 * database: networks added and edited (the receiving address through the step-up, the old and new
 * address in the trail), tokens added, enabled and disabled, the rate; bad input refused in both
 * languages with nothing changed; two concurrent adds applying once; the transfers no order took,
 * the refused transactions and the credits a reorg took back (flagged by server/crypto's own
 * flagReorgAfterCredit); a support member kept out; and the CLI's `crypto` commands on the same
 * operator functions, audited as `cli`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { expect, it } from 'vitest';
import { Errors } from '../../contract';
import {
  consoleEndpoints,
  type ConsoleEndpoint,
  type CryptoNetworkView,
  type CryptoRefusedView,
  type CryptoReorgView,
  type CryptoTransferView,
} from '../../contract/endpoints/console';
import type { CryptoDeps } from '../../server/crypto/crypto-deps';
import { loadQuotedOrder } from '../../server/crypto/quoted-order';
import { flagReorgAfterCredit } from '../../server/crypto/reorg-after-credit';
import {
  cryptoNetworks,
  cryptoQuotes,
  cryptoSubmissions,
  cryptoTokens,
  cryptoTransfers,
  orders,
  payments,
  plans,
  settings,
} from '../../server/db/schema';
import { registerByUsername } from './helpers/accounts';
import { as, type EnrolledStaff, type SignedIn, describeConsole } from './helpers/console';
import { BNB_CHAIN, BNB_USDT, WALLET } from './helpers/crypto-networks';

const E = consoleEndpoints;

/** EIP-55 examples: WALLET with one letter's case flipped, and another valid address. */
const WALLET_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const NEW_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

/** Its native symbol in lower case, as the app stores and shows it in upper case. */
const bnb = { ...BNB_CHAIN, nativeSymbol: 'bnb' };

await describeConsole('the console crypto section', {}, (t) => {
  const { clock, db } = t;
  let finance: SignedIn;
  let financeStaff: EnrolledStaff;

  const overview = async () => {
    const answer = await t.consoleCall<{ networks: CryptoNetworkView[]; cnyPerUsd: string | null }>(
      E.consoleCryptoOverview,
      {},
      as(finance),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const snapshot = async () => ({
    networks: await db().select().from(cryptoNetworks).orderBy(cryptoNetworks.chainId),
    tokens: await db().select().from(cryptoTokens).orderBy(cryptoTokens.id),
    settings: await db().select().from(settings).where(eq(settings.key, 'crypto')),
    audit: await t.auditCount(),
  });
  /** A fresh second factor for the finance member (a step-up). */
  const freshFactor = () => t.stepUp(financeStaff, finance);

  it('signs in a finance member', async () => {
    financeStaff = await t.addAndEnrol('fiona_fin', 'finance');
    finance = await t.signIn(financeStaff);
    expect(finance.session.permissions).toContain('crypto.manage');
  });

  it('adds a network: stored in lower case, shown checksummed, audited with its RPC hosts only', async () => {
    const answer = await t.consoleCall<{ network: CryptoNetworkView }>(
      E.consoleCryptoNetworkAdd,
      bnb,
      as(finance),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(answer.body.data.network).toMatchObject({
      chainId: 56,
      name: 'BNB Chain',
      receivingAddress: WALLET,
      nativeSymbol: 'BNB',
      enabled: true,
      watchedTo: null,
      tokens: [],
    });
    const [row] = await db().select().from(cryptoNetworks).where(eq(cryptoNetworks.chainId, 56));
    expect(row!.receivingAddress).toBe(WALLET.toLowerCase());
    const entry = await t.lastAudit('crypto.network-add');
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorUsername: 'fiona_fin',
      target: 'crypto-network:56',
      after: {
        name: 'BNB Chain',
        rpcHosts: ['bsc-dataseed.bnbchain.org'],
        receivingAddress: WALLET,
        explorer: 'https://bscscan.com',
        confirmations: 15,
        enabled: true,
      },
    });
    expect(JSON.stringify(entry)).not.toContain('secret-path');
    // The same chain again is refused, nothing changes.
    const before = await snapshot();
    const again = await t.consoleCall(E.consoleCryptoNetworkAdd, bnb, as(finance, 'zh_CN'));
    expect(again.body.code).toBe(Errors.CRYPTO_NETWORK_EXISTS.code);
    expect(again.body.msg).toBe(Errors.CRYPTO_NETWORK_EXISTS.zh_CN);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with its translated error and changes nothing', async () => {
    const before = await snapshot();
    const cases: [
      Pick<ConsoleEndpoint, 'method' | 'path'>,
      Record<string, unknown>,
      { code: number; en: string; zh_CN: string },
    ][] = [
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, receivingAddress: WALLET_BAD_CHECKSUM },
        Errors.CRYPTO_ADDRESS_INVALID,
      ],
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, receivingAddress: '0x1234' },
        Errors.CRYPTO_ADDRESS_INVALID,
      ],
      [E.consoleCryptoNetworkAdd, { ...bnb, chainId: 0 }, Errors.CRYPTO_CHAIN_ID_INVALID],
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, name: ' ' },
        Errors.CRYPTO_NETWORK_NAME_INVALID,
      ],
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, rpcUrls: ['ftp://rpc.example'] },
        Errors.CRYPTO_RPC_URL_INVALID,
      ],
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, rpcUrls: [] },
        Errors.CRYPTO_RPC_URL_INVALID,
      ],
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, confirmations: 0 },
        Errors.CRYPTO_CONFIRMATIONS_INVALID,
      ],
      [
        E.consoleCryptoNetworkAdd,
        { ...bnb, chainId: 97, explorerUrl: 'javascript:alert(1)' },
        Errors.CRYPTO_EXPLORER_URL_INVALID,
      ],
      [
        E.consoleCryptoNetworkUpdate,
        { chainId: 56, receivingAddress: WALLET_BAD_CHECKSUM },
        Errors.CRYPTO_ADDRESS_INVALID,
      ],
      [
        E.consoleCryptoNetworkUpdate,
        { chainId: 97, name: 'Nowhere' },
        Errors.CRYPTO_NETWORK_NOT_FOUND,
      ],
      [
        E.consoleCryptoTokenAdd,
        { chainId: 56, symbol: 'USD T', address: BNB_USDT, decimals: 18 },
        Errors.CRYPTO_SYMBOL_INVALID,
      ],
      [
        E.consoleCryptoTokenAdd,
        { chainId: 56, symbol: 'USDT', address: BNB_USDT, decimals: 1 },
        Errors.CRYPTO_DECIMALS_INVALID,
      ],
      [
        E.consoleCryptoTokenAdd,
        { chainId: 97, symbol: 'USDT', address: BNB_USDT, decimals: 18 },
        Errors.CRYPTO_NETWORK_NOT_FOUND,
      ],
      [
        E.consoleCryptoTokenEnabled,
        { chainId: 56, symbol: 'DAI', enabled: false },
        Errors.CRYPTO_TOKEN_NOT_FOUND,
      ],
      [
        E.consoleCryptoNetworkEnabled,
        { chainId: 97, enabled: false },
        Errors.CRYPTO_NETWORK_NOT_FOUND,
      ],
      [E.consoleCryptoRate, { cnyPerUsd: '0' }, Errors.CRYPTO_RATE_INVALID],
      [E.consoleCryptoRate, { cnyPerUsd: '7.1234567' }, Errors.CRYPTO_RATE_INVALID],
    ];
    for (const [endpoint, input, error] of cases) {
      const en = await t.consoleCall(endpoint, input, as(finance, 'en'));
      expect(en.body.code, JSON.stringify(input)).toBe(error.code);
      expect(en.body.msg).toBe(error.en);
      const zh = await t.consoleCall(endpoint, input, as(finance, 'zh_CN'));
      expect(zh.body.msg).toBe(error.zh_CN);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('adds a token, twice at once: one row, one add then one update in the trail', async () => {
    const before = await t.auditCount();
    const add = () =>
      t.consoleCall<{ token: { symbol: string; address: string } }>(
        E.consoleCryptoTokenAdd,
        { chainId: 56, symbol: 'usdt', address: BNB_USDT, decimals: 18 },
        as(finance),
      );
    const answers = await Promise.all([add(), add()]);
    for (const answer of answers) {
      expect(answer.body.code, answer.body.msg).toBe(200);
      expect(answer.body.data.token).toMatchObject({
        symbol: 'USDT',
        address: getAddress(BNB_USDT),
      });
    }
    const rows = await db().select().from(cryptoTokens).where(eq(cryptoTokens.chainId, 56));
    expect(rows).toHaveLength(1);
    expect(await t.auditCount()).toBe(before + 2);
    expect(await t.lastAudit('crypto.token-add')).toMatchObject({
      target: 'crypto-network:56:USDT',
      before: null,
      after: { network: 'BNB Chain', symbol: 'USDT', address: getAddress(BNB_USDT), decimals: 18 },
    });
    expect(await t.lastAudit('crypto.token-update')).toBeDefined();
    expect((await overview()).networks[0]!.tokens).toEqual([
      expect.objectContaining({ symbol: 'USDT', decimals: 18, enabled: true }),
    ]);
  });

  it('refuses a contract another token of the network holds, in both languages, even at once', async () => {
    const before = await snapshot();
    const taken = { chainId: 56, symbol: 'USDX', address: BNB_USDT, decimals: 18 };
    for (const language of ['en', 'zh_CN'] as const) {
      const answer = await t.consoleCall(E.consoleCryptoTokenAdd, taken, as(finance, language));
      expect(answer.body.code).toBe(Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.code);
      expect(answer.body.msg).toBe(Errors.CRYPTO_TOKEN_ADDRESS_TAKEN[language]);
    }
    expect(await snapshot()).toEqual(before);
    // Two symbols for one new contract at the same moment: the network's lock lets one in.
    const contract = '0x2222222222222222222222222222222222222222';
    const answers = await Promise.all(
      ['AAA', 'BBB'].map((symbol) =>
        t.consoleCall(
          E.consoleCryptoTokenAdd,
          { chainId: 56, symbol, address: contract, decimals: 6 },
          as(finance),
        ),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(
      [200, Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.code].sort(),
    );
    const holders = await db()
      .select()
      .from(cryptoTokens)
      .where(eq(cryptoTokens.address, contract));
    expect(holders).toHaveLength(1);
    await db().delete(cryptoTokens).where(eq(cryptoTokens.address, contract));
  });

  it('changes the receiving address only after a fresh code, with the old and new one in the trail', async () => {
    clock.advance(5 * 60_000 + 1_000);
    const change = { chainId: 56, receivingAddress: NEW_WALLET, confirmations: 20 };
    const before = await snapshot();
    const stale = await t.consoleCall(E.consoleCryptoNetworkUpdate, change, as(finance));
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    const staleToken = await t.consoleCall(
      E.consoleCryptoTokenAdd,
      { chainId: 56, symbol: 'USDC', address: BNB_USDT, decimals: 18 },
      as(finance),
    );
    expect(staleToken.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    expect(await snapshot()).toEqual(before);
    // Disabling and the rate hand out nothing: no step-up.
    const rate = await t.consoleCall(E.consoleCryptoRate, { cnyPerUsd: '7.2' }, as(finance));
    expect(rate.body.code, rate.body.msg).toBe(200);
    expect(await t.lastAudit('crypto.rate')).toMatchObject({
      before: { cnyPerUsd: null },
      after: { cnyPerUsd: '7.2' },
    });
    await freshFactor();
    const changed = await t.consoleCall<{ network: CryptoNetworkView }>(
      E.consoleCryptoNetworkUpdate,
      change,
      as(finance),
    );
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect(changed.body.data.network).toMatchObject({
      receivingAddress: NEW_WALLET,
      confirmations: 20,
      name: 'BNB Chain',
      rpcUrls: bnb.rpcUrls,
    });
    expect(await t.lastAudit('crypto.network-update')).toMatchObject({
      target: 'crypto-network:56',
      before: { name: 'BNB Chain', receivingAddress: WALLET, confirmations: 15 },
      after: { name: 'BNB Chain', receivingAddress: NEW_WALLET, confirmations: 20 },
    });
    const [row] = await db().select().from(cryptoNetworks).where(eq(cryptoNetworks.chainId, 56));
    expect(row!.receivingAddress).toBe(NEW_WALLET.toLowerCase());
    expect((await overview()).cnyPerUsd).toBe('7.2');
  });

  it('disables and enables a token and a network, each audited', async () => {
    const off = await t.consoleCall(
      E.consoleCryptoTokenEnabled,
      { chainId: 56, symbol: 'USDT', enabled: false },
      as(finance),
    );
    expect(off.body.code, off.body.msg).toBe(200);
    expect(await t.lastAudit('crypto.token-disable')).toMatchObject({
      target: 'crypto-network:56:USDT',
      before: { enabled: true },
      after: { enabled: false },
    });
    expect((await overview()).networks[0]!.tokens[0]!.enabled).toBe(false);
    const netOff = await t.consoleCall(
      E.consoleCryptoNetworkEnabled,
      { chainId: 56, enabled: false },
      as(finance),
    );
    expect(netOff.body.code, netOff.body.msg).toBe(200);
    expect(await t.lastAudit('crypto.network-disable')).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
    const netOn = await t.consoleCall(
      E.consoleCryptoNetworkEnabled,
      { chainId: 56, enabled: true },
      as(finance),
    );
    expect(netOn.body.code, netOn.body.msg).toBe(200);
    expect((await overview()).networks[0]!.enabled).toBe(true);
  });

  it('lists a transfer no order took, a refused transaction and a credit a reorg took back', async () => {
    const buyer = await registerByUsername(t.api);
    const [plan] = await db().select().from(plans).limit(1);
    const now = new Date();
    const [order] = await db()
      .insert(orders)
      .values({
        orderNo: `K-crypto-${Date.now()}`,
        userId: buyer.userId,
        idempotencyKey: `crypto-console-${Date.now()}`,
        planId: plan!.id,
        groupType: plan!.groupType,
        months: 1,
        durationDays: 30,
        maxDevices: 3,
        method: 'crypto',
        gateway: 'crypto',
        currency: 'USD',
        subtotal: 499,
        total: 499,
        status: 'paid',
        expiresAt: new Date(now.getTime() + 30 * 60_000),
        paidAt: now,
      })
      .returning();
    const reorgedHash = `0x${'aa'.repeat(32)}`;
    await db()
      .insert(cryptoQuotes)
      .values({
        orderId: order!.id,
        chainId: 56,
        tokenAddress: BNB_USDT,
        tokenSymbol: 'USDT',
        decimals: 18,
        amount: '4990000000000000000',
        receivingAddress: NEW_WALLET.toLowerCase(),
        payerAddress: WALLET.toLowerCase(),
        fromBlock: 1,
        expiresAt: new Date(now.getTime() + 30 * 60_000),
        provenAt: now,
      });
    await db()
      .insert(payments)
      .values({
        orderId: order!.id,
        gateway: 'crypto',
        tradeNo: `${reorgedHash}:0`,
        amount: 499,
        currency: 'USD',
      });
    const transfer = {
      chainId: 56,
      logIndex: 0,
      tokenAddress: BNB_USDT,
      fromAddress: WALLET.toLowerCase(),
      toAddress: NEW_WALLET.toLowerCase(),
      blockNumber: 10,
      blockHash: `0x${'bb'.repeat(32)}`,
      blockTime: now,
      source: 'watcher' as const,
    };
    await db()
      .insert(cryptoTransfers)
      .values([
        {
          ...transfer,
          txHash: reorgedHash,
          amount: '4990000000000000000',
          orderId: order!.id,
          state: 'reorged',
        },
        {
          ...transfer,
          txHash: `0x${'cc'.repeat(32)}`,
          amount: '12500000000000000000',
          orderId: null,
          state: 'unmatched',
        },
      ]);
    await db()
      .insert(cryptoSubmissions)
      .values({
        orderId: order!.id,
        txHash: `0x${'dd'.repeat(32)}`,
        state: 'refused',
        errorCode: Errors.CRYPTO_WRONG_TOKEN.code,
      });
    // server/crypto's own rule flags it, as the settlement does after a deep reorg.
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const quoted = (await loadQuotedOrder(db(), { orderId: order!.id }))!;
    await flagReorgAfterCredit({ db: db(), log } as unknown as CryptoDeps, quoted);

    const listed = await t.consoleCall<{
      transfers: CryptoTransferView[];
      refused: CryptoRefusedView[];
    }>(E.consoleCryptoTransfers, {}, as(finance));
    expect(listed.body.code, listed.body.msg).toBe(200);
    expect(listed.body.data.transfers).toEqual([
      expect.objectContaining({
        state: 'unmatched',
        orderNo: null,
        token: 'USDT',
        amount: '12.5',
        from: WALLET,
        explorerUrl: 'https://bscscan.com',
        tradeNo: `0x${'cc'.repeat(32)}:0`,
      }),
      expect.objectContaining({ state: 'reorged', orderNo: order!.orderNo, amount: '4.99' }),
    ]);
    expect(listed.body.data.refused).toEqual([
      expect.objectContaining({
        orderNo: order!.orderNo,
        errorCode: Errors.CRYPTO_WRONG_TOKEN.code,
      }),
    ]);
    const reorgs = await t.consoleCall<{ reorgs: CryptoReorgView[] }>(
      E.consoleCryptoReorgs,
      {},
      as(finance),
    );
    expect(reorgs.body.code, reorgs.body.msg).toBe(200);
    expect(reorgs.body.data.reorgs).toEqual([
      expect.objectContaining({
        orderNo: order!.orderNo,
        orderStatus: 'paid',
        userId: buyer.userId,
        chainId: 56,
        token: 'USDT',
        quoted: '4.99',
        onChain: '0',
        reorged: [`${reorgedHash}:0`],
        resolvedAt: null,
      }),
    ]);
    // The CLI prints the same read.
    const cli = await t.runCli(['crypto', 'transfers']);
    expect(cli.code, cli.err.join('\n')).toBe(0);
    expect(cli.out.join('\n')).toContain(`0x${'cc'.repeat(32)}:0`);
    expect(cli.out.join('\n')).toContain('CRYPTO_WRONG_TOKEN');
  });

  it('keeps a support member out of every crypto endpoint', async () => {
    const support = await t.signedInStaff('sam_support', 'support');
    const before = await snapshot();
    for (const [endpoint, input] of [
      [E.consoleCryptoOverview, {}],
      [E.consoleCryptoTransfers, {}],
      [E.consoleCryptoReorgs, {}],
      [E.consoleCryptoRate, { cnyPerUsd: '1' }],
      [E.consoleCryptoTokenEnabled, { chainId: 56, symbol: 'USDT', enabled: true }],
    ] as const) {
      const answer = await t.consoleCall(endpoint, input, as(support));
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('runs the CLI commands through the same operator functions, audited as cli', async () => {
    /** `crypto network add` for Polygon, run twice: the second finds it there. */
    const addPolygon = [
      'crypto',
      'network',
      'add',
      '--chain',
      '137',
      '--name',
      'Polygon',
      '--rpc',
      'https://polygon-rpc.com',
      '--confirmations',
      '30',
      '--receiving',
      WALLET,
    ];
    const add = await t.runCli(addPolygon);
    expect(add.code, add.err.join('\n')).toBe(0);
    expect(add.out).toEqual(['network 137 added']);
    expect(await t.lastAudit('crypto.network-add')).toMatchObject({
      actorKind: 'cli',
      target: 'crypto-network:137',
    });
    const again = await t.runCli(addPolygon);
    expect(again.code).toBe(1);
    expect(again.err).toContain('error: network 137 exists: use "crypto network set"');
    const bad = await t.runCli([
      'crypto',
      'network',
      'set',
      '137',
      '--receiving',
      WALLET_BAD_CHECKSUM,
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toBe(`error: network.receivingAddress: ${Errors.CRYPTO_ADDRESS_INVALID.en}`);
    const set = await t.runCli(['crypto', 'network', 'set', '137', '--receiving', NEW_WALLET]);
    expect(set.code, set.err.join('\n')).toBe(0);
    expect(set.out).toEqual(['network 137 updated']);
    expect(await t.lastAudit('crypto.network-update')).toMatchObject({
      actorKind: 'cli',
      before: { receivingAddress: WALLET },
      after: { receivingAddress: NEW_WALLET },
    });
    const token = await t.runCli([
      'crypto',
      'token',
      'add',
      '137',
      '--symbol',
      'usdc',
      '--address',
      BNB_USDT,
      '--decimals',
      '6',
    ]);
    expect(token.code, token.err.join('\n')).toBe(0);
    expect(token.out).toEqual([`token USDC on 137: ${BNB_USDT}, 6 decimals`]);
    const off = await t.runCli(['crypto', 'token', 'disable', '137', 'usdc']);
    expect(off.out).toEqual([
      'token 137 USDC disabled: no new quotes (open ones are still watched)',
    ]);
    const missing = await t.runCli(['crypto', 'token', 'disable', '137', 'DAI']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('error: no token 137 DAI');
    const noNetwork = await t.runCli(['crypto', 'network', 'disable', '999']);
    expect(noNetwork.code).toBe(1);
    expect(noNetwork.err).toContain('error: no network 999');
    const rate = await t.runCli(['crypto', 'rate', 'none']);
    expect(rate.out).toEqual(['CNY per USD: none (quotes already made keep their rate)']);
    expect(await t.lastAudit('crypto.rate')).toMatchObject({
      actorKind: 'cli',
      before: { cnyPerUsd: '7.2' },
      after: { cnyPerUsd: null },
    });
    const badRate = await t.runCli(['crypto', 'rate', 'seven']);
    expect(badRate.code).toBe(2);
  });

  it('refuses an import file with a bad network or rate as a usage mistake, before it writes anything', async () => {
    const file = join(t.dataDir, 'crypto-import.json');
    const polygon = {
      chainId: 137,
      name: 'Polygon',
      rpcUrls: ['https://polygon-rpc.com'],
      confirmations: 30,
      receivingAddress: WALLET,
      tokens: [{ symbol: 'USDC', address: BNB_USDT, decimals: 6 }],
    };
    for (const [contents, expected] of [
      // A good network, then a rate the server refuses: the network must not be written either.
      [
        { networks: [{ ...polygon, chainId: 80002 }], cnyPerUsd: 'seven' },
        `${file}.cnyPerUsd: ${Errors.CRYPTO_RATE_INVALID.en}`,
      ],
      [
        { networks: [{ ...polygon, receivingAddress: WALLET_BAD_CHECKSUM }] },
        `${file}.networks.0.receivingAddress: ${Errors.CRYPTO_ADDRESS_INVALID.en}`,
      ],
      [
        {
          networks: [
            { ...polygon, tokens: [...polygon.tokens, { ...polygon.tokens[0]!, symbol: 'USDX' }] },
          ],
        },
        `${file}.networks.0.tokens.1.address: ${Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.en}`,
      ],
      [
        { networks: [{ ...polygon, name: 'Poly\u0000gon' }] },
        `${file}.networks.0.name: ${Errors.INPUT_INVALID_CHARACTER.en}`,
      ],
    ] as const) {
      writeFileSync(file, JSON.stringify(contents));
      const before = await snapshot();
      const run = await t.runCli(['crypto', 'import', file]);
      expect(run.code, run.err.join('\n')).toBe(2);
      expect(run.err[0]).toBe(`error: ${expected}`);
      const after = await snapshot();
      expect({ ...after, audit: before.audit }).toEqual(before);
      // The one entry written is the command's own, with its exit code.
      expect(after.audit).toBe(before.audit + 1);
      expect(await t.lastAudit('cli.command')).toMatchObject({
        after: { exit: 2, failure: expected },
      });
    }
  });

  it('imports a file in one transaction: a contract taken on a later network leaves the earlier ones unwritten', async () => {
    const file = join(t.dataDir, 'crypto-import.json');
    const [usdt] = await db().select().from(cryptoTokens).where(eq(cryptoTokens.chainId, 56));
    const fresh = {
      chainId: 80002,
      name: 'Amoy',
      rpcUrls: ['https://rpc-amoy.polygon.technology'],
      confirmations: 5,
      receivingAddress: WALLET,
      tokens: [],
    };
    // Network 56 holds USDT's contract; the file lists it under another symbol after a new network.
    const bnbAgain = (await overview()).networks.find((n) => n.chainId === 56)!;
    writeFileSync(
      file,
      JSON.stringify({
        networks: [
          fresh,
          {
            chainId: 56,
            name: bnbAgain.name,
            rpcUrls: bnbAgain.rpcUrls,
            confirmations: bnbAgain.confirmations,
            receivingAddress: bnbAgain.receivingAddress,
            tokens: [{ symbol: 'USDX', address: usdt!.address, decimals: 18 }],
          },
        ],
        cnyPerUsd: '6.9',
      }),
    );
    const before = await snapshot();
    const run = await t.runCli(['crypto', 'import', file]);
    expect(run.code, run.err.join('\n')).toBe(1);
    expect(run.err).toContain(`error: ${file}: ${Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.en}`);
    const after = await snapshot();
    expect({ ...after, audit: before.audit }).toEqual(before);
    expect(after.audit).toBe(before.audit + 1);
    const token = await t.runCli([
      'crypto',
      'token',
      'add',
      '56',
      '--symbol',
      'USDX',
      '--address',
      usdt!.address,
      '--decimals',
      '18',
    ]);
    expect(token.code).toBe(1);
    expect(token.err).toContain(`error: token: ${Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.en}`);
    // Without the clash, the file's networks and rate arrive together.
    writeFileSync(file, JSON.stringify({ networks: [fresh], cnyPerUsd: '6.9' }));
    const good = await t.runCli(['crypto', 'import', file]);
    expect(good.code, good.err.join('\n')).toBe(0);
    expect(good.out).toEqual([`imported 1 network from ${file}`]);
    expect((await overview()).cnyPerUsd).toBe('6.9');
    expect((await overview()).networks.map((n) => n.chainId)).toContain(80002);
  });
});
