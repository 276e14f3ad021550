/**
 * The local network as the demo and the e2e run offer it: a hardhat node, USDT (6 decimals,
 * `transfer` returns nothing, like mainnet) and USDC (6 decimals, returns a bool) deployed, demo
 * wallets funded, and the network configured through the operator CLI (`crypto import`), so the
 * site offers it exactly as an operator's configuration would.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mnemonicToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import { accounts, deployStablecoins, mintTokens, rpc, startHardhatNode } from './local-chain.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
/** Hardhat's public development mnemonic: these keys are known to everyone, never use them for real funds. */
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEMO_CONFIRMATIONS = 3;
/** Per demo wallet: 1,000 of each stablecoin. */
const DEMO_TOKENS = 1_000n * 1_000_000n;

/** The private key of hardhat's development account `index` (for importing into a browser wallet). */
export function developmentKey(index) {
  return toHex(mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }).getHdKey().privateKey);
}

/**
 * Starts the node on `port`, deploys, funds wallets [2, 2 + fundedWallets) and `extraWallets`
 * (ETH too), and imports the network into the database of `env` (DATA_DIR / DATABASE_URL).
 */
export async function startDemoNetwork({
  port,
  env = process.env,
  fundedWallets = 5,
  confirmations = DEMO_CONFIRMATIONS,
  extraWallets = [],
  log,
}) {
  const node = await startHardhatNode({ port, accounts: 60 });
  try {
    const tokens = await deployStablecoins(node.url, [
      { symbol: 'USDT', decimals: 6, kind: 'none' },
      { symbol: 'USDC', decimals: 6, kind: 'bool' },
    ]);
    const all = await accounts(node.url);
    const receiving = all[1];
    const wallets = [
      ...all.slice(2, 2 + fundedWallets),
      ...extraWallets.map((a) => a.toLowerCase()),
    ];
    for (const wallet of extraWallets) {
      await rpc(node.url, 'hardhat_setBalance', [wallet, toHex(10n ** 19n)]);
    }
    for (const wallet of wallets) {
      for (const token of Object.values(tokens)) {
        await mintTokens(node.url, token.address, wallet, DEMO_TOKENS);
      }
    }
    const file = join(mkdtempSync(join(tmpdir(), 'kestrel-chain-')), 'networks.json');
    writeFileSync(
      file,
      JSON.stringify({
        networks: [
          {
            chainId: node.chainId,
            name: 'Local chain',
            rpcUrls: [node.url],
            explorerUrl: null,
            nativeSymbol: 'ETH',
            confirmations,
            receivingAddress: receiving,
            tokens: Object.entries(tokens).map(([symbol, t]) => ({
              symbol,
              address: t.address,
              decimals: t.decimals,
            })),
          },
        ],
      }),
    );
    const imported = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin.ts', 'crypto', 'import', file],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (imported.status !== 0) {
      throw new Error(`crypto import failed: ${imported.stderr || imported.stdout}`);
    }
    log?.(imported.stdout.trim());
    return { node, tokens, receiving, wallets };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
