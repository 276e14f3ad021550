/**
 * A local EVM chain for the tests, the e2e run and the crypto demo (docs/crypto-pay.md): a
 * `hardhat@2` node on 127.0.0.1, and two ERC-20 stablecoins compiled in-process with the `solc` npm
 * package and deployed with viem. Nothing is downloaded: hardhat never compiles (it only serves
 * JSON-RPC), and solc-js is the compiler itself. Compiled output is cached under
 * node_modules/.cache by the sources' hash, so a second run spends no CPU on it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi } from 'viem';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'kestrel-local-chain');
const HARDHAT_CLI = join(ROOT, 'node_modules', 'hardhat', 'internal', 'cli', 'cli.js');
const HARDHAT_CONFIG = join(here, 'hardhat.config.cjs');

export const LOCAL_CHAIN_ID = 31337;
/** Hardhat's well-known development accounts (mnemonic "test test ... junk"): never for real funds. */
export const DEPLOYER_INDEX = 0;

/** `bool`: transfer returns true (USDC); `none`: transfer returns nothing (mainnet USDT). */
const CONTRACTS = {
  bool: { file: 'TestStablecoin.sol', name: 'TestStablecoin' },
  none: { file: 'NoReturnStablecoin.sol', name: 'NoReturnStablecoin' },
};

export const STABLECOIN_ABI = parseAbi([
  'function mint(address to, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
/** `transfer` as each contract declares it: the no-return one must be called with no outputs. */
export const TRANSFER_ABI = {
  bool: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
  none: parseAbi(['function transfer(address to, uint256 value)']),
};

/** Compiles both stablecoins (cached); returns `{ bool: { abi, bytecode }, none: {...} }`. */
export function compileStablecoins() {
  return compileContracts('stablecoins', CONTRACTS);
}

/** What the contracts import (`import "./StablecoinLedger.sol"`), compiled with each set. */
const SHARED_SOURCES = ['StablecoinLedger.sol'];

/** Compiles `{ kind: { file, name } }` from contracts/ with solc-js, cached by the sources' hash. */
async function compileContracts(label, contracts) {
  const { default: solc } = await import('solc');
  const files = [
    ...new Set([...Object.values(contracts).map(({ file }) => file), ...SHARED_SOURCES]),
  ];
  const sources = Object.fromEntries(
    files.map((file) => [file, { content: readFileSync(join(here, 'contracts', file), 'utf8') }]),
  );
  const key = createHash('sha256')
    .update(solc.version())
    .update(JSON.stringify(sources))
    .digest('hex')
    .slice(0, 16);
  const cached = join(CACHE_DIR, `${label}-${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const result = {};
  for (const [kind, { file, name }] of Object.entries(contracts)) {
    const contract = output.contracts[file][name];
    result[kind] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, JSON.stringify(result));
  return result;
}

/** A port the OS says is free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `hardhat node` (automine on: each transaction is its own block; tests mine more blocks on
 * demand with `mine`). `port` 0 picks a free one. Resolves once it serves JSON-RPC.
 */
export async function startHardhatNode({ port = 0, accounts = 60, log } = {}) {
  const chosen = port || (await freePort());
  const child = spawn(
    process.execPath,
    [
      HARDHAT_CLI,
      '--config',
      HARDHAT_CONFIG,
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(chosen),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOCAL_CHAIN_ID: String(LOCAL_CHAIN_ID),
        LOCAL_CHAIN_ACCOUNTS: String(accounts),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = `http://127.0.0.1:${chosen}`;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hardhat node did not start:\n${output}`)),
      60_000,
    );
    const onData = (chunk) => {
      output += chunk;
      log?.(String(chunk));
      if (output.includes('Started HTTP')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited (${code}):\n${output}`));
    });
  });
  // Its account listing and per-request log are not needed once it is up.
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  child.removeAllListeners('exit');
  return {
    url,
    port: chosen,
    chainId: LOCAL_CHAIN_ID,
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}

/** JSON-RPC straight to the node (hardhat_* and evm_* methods too). */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** The node's unlocked accounts, in order (account 0 deploys). */
export async function accounts(url) {
  return (await rpc(url, 'eth_accounts')).map((a) => a.toLowerCase());
}

export async function mine(url, blocks = 1) {
  await rpc(url, 'hardhat_mine', [`0x${blocks.toString(16)}`]);
}

export function clients(url) {
  const chain = {
    id: LOCAL_CHAIN_ID,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
  return {
    chain,
    public: createPublicClient({ chain, transport: http(url) }),
    wallet: createWalletClient({ chain, transport: http(url) }),
  };
}

/**
 * Deploys one stablecoin per entry (`{ symbol, decimals, kind: 'bool' | 'none' }`) from account 0
 * and returns `{ [symbol]: { address, decimals, kind } }`. A fresh node gives the same addresses
 * every time (same deployer, same nonces).
 */
export async function deployStablecoins(url, tokens) {
  const compiled = await compileStablecoins();
  const { public: client, wallet } = clients(url);
  const [deployer] = await accounts(url);
  const deployed = {};
  for (const token of tokens) {
    const { abi, bytecode } = compiled[token.kind];
    const hash = await wallet.deployContract({
      abi,
      bytecode,
      account: deployer,
      args: [`Test ${token.symbol}`, token.symbol, token.decimals],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    deployed[token.symbol] = {
      address: receipt.contractAddress.toLowerCase(),
      decimals: token.decimals,
      kind: token.kind,
    };
  }
  return deployed;
}

/** Mints `amount` base units of a token to `to` (any account may mint these test tokens). */
export async function mintTokens(url, token, to, amount) {
  const { public: client, wallet } = clients(url);
  const [deployer] = await accounts(url);
  const hash = await wallet.writeContract({
    address: token,
    abi: STABLECOIN_ABI,
    functionName: 'mint',
    args: [to, BigInt(amount)],
    account: deployer,
  });
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

/** Sends `amount` base units from an unlocked account; resolves with the hash (mined at once). */
export async function transferTokens(url, { token, kind = 'bool', from, to, amount }) {
  const { wallet } = clients(url);
  return wallet.writeContract({
    address: token,
    abi: TRANSFER_ABI[kind],
    functionName: 'transfer',
    args: [to, BigInt(amount)],
    account: from,
  });
}

/**
 * Deploys a minimal ERC-1271 contract wallet (contracts/TestContractWallet.sol) owned by `owner`, an
 * unlocked account; resolves with its address. `callFromWallet` makes it call a contract.
 */
export async function deployContractWallet(url, owner) {
  const { wallet: compiled } = await compileContracts('contract-wallet', {
    wallet: { file: 'TestContractWallet.sol', name: 'TestContractWallet' },
  });
  const { public: client, wallet } = clients(url);
  const hash = await wallet.deployContract({
    abi: compiled.abi,
    bytecode: compiled.bytecode,
    account: owner,
    args: [owner],
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return receipt.contractAddress.toLowerCase();
}

export const CONTRACT_WALLET_ABI = parseAbi([
  'function execute(address to, bytes data) returns (bytes)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);

/** The contract wallet `walletAddress` sends `amount` of a token to `to` (its owner signs); the hash. */
export async function transferFromContractWallet(url, { walletAddress, owner, token, to, amount }) {
  const { wallet } = clients(url);
  return wallet.writeContract({
    address: walletAddress,
    abi: CONTRACT_WALLET_ABI,
    functionName: 'execute',
    args: [
      token,
      encodeFunctionData({
        abi: TRANSFER_ABI.bool,
        functionName: 'transfer',
        args: [to, BigInt(amount)],
      }),
    ],
    account: owner,
  });
}
