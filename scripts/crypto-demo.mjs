/**
 * `npm run demo:crypto [-- --fund 0xYourAddress]`: the site with crypto payment on a local chain.
 * Starts a hardhat node on 127.0.0.1:$CHAIN_PORT (8545), deploys USDT and USDC, funds demo wallets
 * (and yours with --fund), offers the network, then runs `npm start` (same DATA_DIR, PORT). A browser
 * wallet pays on "Localhost 8545" (chain id 31337): the page offers to add and switch to it.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';
import { developmentKey, startDemoNetwork } from './local-chain/demo-network.mjs';

const args = process.argv.slice(2);
const extraWallets = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--fund' && /^0x[0-9a-fA-F]{40}$/.test(args[i + 1] ?? ''))
    extraWallets.push(args[++i]);
  else {
    process.stderr.write('usage: npm run demo:crypto [-- --fund 0xYourAddress ...]\n');
    process.exit(2);
  }
}

const port = Number(process.env.CHAIN_PORT ?? 8545);
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? './data' };
const network = await startDemoNetwork({
  port,
  env,
  extraWallets,
  log: (line) => console.log(line),
});
console.log(`
Local chain: ${network.node.url} (chain id ${network.node.chainId}); receiving address ${network.receiving}
USDT ${network.tokens.USDT.address} (transfer returns nothing, like mainnet)
USDC ${network.tokens.USDC.address}
Demo wallet with 10,000 ETH and 1,000 USDT and USDC (a public development key: never use it elsewhere):
  address     ${network.wallets[0]}
  private key ${developmentKey(2)}
Import it into your browser wallet, log in as the demo user, pick a plan on /pricing and pay with crypto.
`);

const site = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
const stop = async (code) => {
  site.kill('SIGTERM');
  await network.node.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));
site.on('exit', (code) => void stop(code ?? 0));
