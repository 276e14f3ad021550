/**
 * The one wagmi config of the crypto-pay page (DESIGN §6). Its chains are the networks the operator
 * configured, so it is made once the options have arrived; injected wallets only, with EIP-6963
 * discovery (browser extensions and the in-app browsers of OKX, TokenPocket, imToken, MetaMask
 * mobile), so no WalletConnect project id is needed.
 */
import { createConfig, http, type Config } from 'wagmi';
import { injected } from 'wagmi/connectors';
import { defineChain, type Chain } from 'viem';
import type { CryptoNetwork } from '../../../../contract/endpoints/crypto';

export function chainOf(network: CryptoNetwork): Chain {
  return defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: network.rpcUrls } },
    blockExplorers: network.explorerUrl
      ? { default: { name: network.name, url: network.explorerUrl } }
      : undefined,
  });
}

export function createCryptoConfig(networks: readonly CryptoNetwork[]): Config {
  const chains = networks.map(chainOf);
  const [first, ...rest] = chains;
  if (!first) throw new Error('createCryptoConfig: no network to pay on');
  return createConfig({
    chains: [first, ...rest],
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    // Why: without it WagmiProvider reconnects on every render of the page, and each reconnect
    // changes the connection the page reports to its machine: a loop. With it, once on mount.
    ssr: true,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
  });
}
