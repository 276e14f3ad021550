/**
 * The wallet side of the crypto-pay machine's actors, on wagmi actions: connect, switch network
 * (adding it to the wallet when it does not know it), sign the payer proof (EIP-712), and send the
 * ERC-20 transfer of the quote.
 */
import {
  connect,
  getConnection,
  getConnectorClient,
  getConnectors,
  signTypedData,
  switchChain,
  writeContract,
} from 'wagmi/actions';
import type { Config } from 'wagmi';
import { readContract } from 'viem/actions';
import { Errors } from '../../../../contract/errors';
import type { CryptoNetwork, CryptoQuote } from '../../../../contract/endpoints/crypto';
import { payerProofTypedData } from '../../../../contract/payer-proof';
import type { Wallet } from '../../../../machines/crypto-pay/crypto-pay.types';
import { WalletError, toWalletError } from './wallet-errors';

/**
 * `transfer` declared with no output: mainnet USDT's returns nothing, and an ABI that expects a
 * bool would fail to decode its result (docs/crypto-pay.md).
 */
export const TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/** The wallet as the machine knows it, or null while none is connected. */
export function currentWallet(config: Config): Wallet | null {
  const connection = getConnection(config);
  if (connection.status !== 'connected') return null;
  return { address: connection.address, chainId: connection.chainId };
}

export async function connectWallet(config: Config, connectorId: string | null): Promise<Wallet> {
  try {
    const connectors = getConnectors(config);
    const connector = connectorId
      ? connectors.find((c) => c.uid === connectorId)
      : connectors.find((c) => c.id === 'injected');
    if (!connector) throw new WalletError(Errors.CRYPTO_WALLET_NOT_FOUND.code);
    const result = await connect(config, { connector });
    return { address: result.accounts[0], chainId: result.chainId };
  } catch (error) {
    throw toWalletError(error, Errors.CRYPTO_CONNECT_FAILED.code);
  }
}

export async function switchNetwork(config: Config, network: CryptoNetwork): Promise<Wallet> {
  try {
    await switchChain(config, {
      chainId: network.chainId,
      // Why: a wallet that does not know the network (EIP-3326 error 4902) is asked to add it.
      addEthereumChainParameter: {
        chainName: network.name,
        nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
        rpcUrls: network.rpcUrls,
        blockExplorerUrls: network.explorerUrl ? [network.explorerUrl] : undefined,
      },
    });
  } catch (error) {
    throw toWalletError(error, Errors.CRYPTO_SWITCH_NETWORK.code);
  }
  const wallet = currentWallet(config);
  if (!wallet) throw new WalletError(Errors.CRYPTO_WALLET_NOT_CONNECTED.code);
  return wallet;
}

/**
 * The wallet signs the payer proof of the quote (contract/payer-proof.ts): a message, not a
 * transaction, so it costs nothing. Wallets check the domain's chain id against their network.
 */
export async function signPayerProof(config: Config, quote: CryptoQuote): Promise<`0x${string}`> {
  const wallet = currentWallet(config);
  if (!wallet) throw new WalletError(Errors.CRYPTO_WALLET_NOT_CONNECTED.code);
  if (wallet.chainId !== quote.chainId) throw new WalletError(Errors.CRYPTO_SWITCH_NETWORK.code);
  try {
    return await signTypedData(config, {
      account: quote.payerAddress,
      ...payerProofTypedData(quote),
    });
  } catch (error) {
    throw toWalletError(error, Errors.CRYPTO_PROOF_INVALID.code);
  }
}

/** Sends `amount` base units of the quoted token to the receiving address; the hash. */
export async function sendTransfer(
  config: Config,
  quote: CryptoQuote,
  amount: string,
): Promise<`0x${string}`> {
  const wallet = currentWallet(config);
  if (!wallet) throw new WalletError(Errors.CRYPTO_WALLET_NOT_CONNECTED.code);
  if (wallet.chainId !== quote.chainId) throw new WalletError(Errors.CRYPTO_SWITCH_NETWORK.code);
  const value = BigInt(amount);
  try {
    const client = await getConnectorClient(config, { chainId: quote.chainId });
    // Why: a transfer larger than the balance would only revert (and cost gas); say so first.
    const balance = await readContract(client, {
      address: quote.tokenAddress,
      abi: TRANSFER_ABI,
      functionName: 'balanceOf',
      args: [wallet.address],
    });
    if (balance < value) throw new WalletError(Errors.CRYPTO_INSUFFICIENT_BALANCE.code);
    return await writeContract(config, {
      chainId: quote.chainId,
      address: quote.tokenAddress,
      abi: TRANSFER_ABI,
      functionName: 'transfer',
      args: [quote.receivingAddress, value],
    });
  } catch (error) {
    throw toWalletError(error, Errors.CRYPTO_TX_FAILED.code);
  }
}
