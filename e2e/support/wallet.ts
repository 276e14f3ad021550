/**
 * A browser wallet for the e2e run: an EIP-1193 provider injected before the app starts
 * (`addInitScript`, as window.ethereum and announced through EIP-6963) that hands every request to
 * this process, which answers the wallet's own questions (accounts, network, switch, add, and
 * signing messages: personal_sign and eth_signTypedData_v4 with the wallet's own test key) and
 * forwards the rest to the local hardhat node. The node sends transactions for the wallet's
 * account: a fresh random key per test, its address impersonated (`hardhat_impersonateAccount`) and
 * given gas money, so no two tests ever share a payer. A test can make the wallet refuse (the user
 * rejects), sign with another key, or start on another network.
 */
import type { Page } from '@playwright/test';
import { numberToHex, type Hex, type TypedDataDefinition } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { mine, mintTokens, rpc } from '../../scripts/local-chain/local-chain.mjs';
import { endpoints } from '../../contract';
import type { CryptoNetwork } from '../../contract/endpoints/crypto';
import type { ApiClient } from './api-client';

/** Ethereum mainnet: where a wallet usually is before the page asks it to switch. */
export const MAINNET = 1;

interface RpcFailure {
  code: number;
  message: string;
}

interface Answer {
  result?: unknown;
  error?: RpcFailure;
  /** Events the provider emits in the page once the answer is delivered. */
  emit?: [string, unknown][];
}

export interface TestWalletOptions {
  /** The network the wallet is on when the page first asks. */
  startChainId: number;
  /** Whether the wallet already knows the local network (else the page must add it). */
  knowsLocalChain?: boolean;
}

export class TestWallet {
  readonly address: Hex;
  chainId: number;
  connected = false;
  /** Methods the user declines in the wallet (EIP-1193 error 4001) the next time they are asked. */
  readonly rejectNext = new Set<string>();
  /** The user declines whatever the wallet asks next (connect, switch, add, sign, send). */
  declineNextPrompt = false;
  /** The next signature is made with another key (a server must refuse it). */
  signWithOtherKeyNext = false;
  private readonly account: PrivateKeyAccount;
  private readonly known: Set<number>;

  constructor(
    readonly network: CryptoNetwork,
    options: TestWalletOptions,
  ) {
    this.account = privateKeyToAccount(generatePrivateKey());
    this.address = this.account.address;
    this.chainId = options.startChainId;
    this.known = new Set([MAINNET, options.startChainId]);
    if (options.knowsLocalChain) this.known.add(network.chainId);
  }

  get rpcUrl(): string {
    const [url] = this.network.rpcUrls;
    if (!url) throw new Error('the local network has no RPC URL');
    return url;
  }

  /** Gas money for the account, and the node signs for it. */
  async prepare(): Promise<void> {
    await rpc(this.rpcUrl, 'hardhat_impersonateAccount', [this.address]);
    await rpc(this.rpcUrl, 'hardhat_setBalance', [this.address, numberToHex(10n ** 19n)]);
  }

  /** `amount` base units of the token `symbol`, minted to the wallet. */
  async fund(symbol: string, amount: bigint): Promise<void> {
    const token = this.network.tokens.find((t) => t.symbol === symbol);
    if (!token) throw new Error(`the local network has no ${symbol}`);
    await mintTokens(this.rpcUrl, token.address, this.address, amount);
  }

  async mine(blocks = 1): Promise<void> {
    await mine(this.rpcUrl, blocks);
  }

  private declined(method: string): boolean {
    if (this.declineNextPrompt) {
      this.declineNextPrompt = false;
      return true;
    }
    if (!this.rejectNext.has(method)) return false;
    this.rejectNext.delete(method);
    return true;
  }

  async answer(method: string, params: unknown[]): Promise<Answer> {
    const rejected: Answer = { error: { code: 4001, message: 'User rejected the request.' } };
    const chainHex = () => numberToHex(this.chainId);
    switch (method) {
      case 'eth_requestAccounts':
        if (this.declined(method)) return rejected;
        this.connected = true;
        return { result: [this.address], emit: [['connect', { chainId: chainHex() }]] };
      case 'eth_accounts':
        return { result: this.connected ? [this.address] : [] };
      case 'eth_chainId':
        return { result: chainHex() };
      case 'net_version':
        return { result: String(this.chainId) };
      case 'wallet_requestPermissions':
        if (this.declined(method)) return rejected;
        this.connected = true;
        return { result: [{ parentCapability: 'eth_accounts' }] };
      case 'wallet_getPermissions':
        return { result: this.connected ? [{ parentCapability: 'eth_accounts' }] : [] };
      case 'wallet_revokePermissions':
        this.connected = false;
        return { result: null };
      case 'wallet_switchEthereumChain': {
        if (this.declined(method)) return rejected;
        const chainId = Number((params[0] as { chainId: string }).chainId);
        if (!this.known.has(chainId)) {
          return { error: { code: 4902, message: `Unrecognized chain ID ${chainId}.` } };
        }
        this.chainId = chainId;
        return { result: null, emit: [['chainChanged', chainHex()]] };
      }
      case 'wallet_addEthereumChain': {
        if (this.declined(method)) return rejected;
        // Like the wallets people use: adding a network also switches to it.
        this.chainId = Number((params[0] as { chainId: string }).chainId);
        this.known.add(this.chainId);
        return { result: null, emit: [['chainChanged', chainHex()]] };
      }
      case 'personal_sign': {
        if (this.declined(method)) return rejected;
        const [message] = params as [Hex];
        return { result: await this.signer().signMessage({ message: { raw: message } }) };
      }
      case 'eth_signTypedData_v4': {
        if (this.declined(method)) return rejected;
        const [, json] = params as [Hex, string];
        return { result: await this.signer().signTypedData(typedDataFromJson(json)) };
      }
      case 'eth_sendTransaction': {
        if (this.declined(method)) return rejected;
        if (this.chainId !== this.network.chainId) {
          return { error: { code: -32603, message: 'The wallet is on another network.' } };
        }
        const [tx] = params as [Record<string, unknown>];
        return this.forward(method, [{ ...tx, from: this.address }]);
      }
      default:
        return this.forward(method, params);
    }
  }

  private signer(): PrivateKeyAccount {
    if (!this.signWithOtherKeyNext) return this.account;
    this.signWithOtherKeyNext = false;
    return privateKeyToAccount(generatePrivateKey());
  }

  private async forward(method: string, params: unknown[]): Promise<Answer> {
    const response = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcFailure };
    return body.error ? { error: body.error } : { result: body.result };
  }
}

/**
 * eth_signTypedData_v4's JSON as viem signs it: integers travel as decimal strings and come back
 * as bigints (the fields of the primary type and of the structs it holds).
 */
function typedDataFromJson(json: string): TypedDataDefinition {
  const data = JSON.parse(json) as {
    types: Record<string, { name: string; type: string }[]>;
    primaryType: string;
    domain: Record<string, unknown>;
    message: Record<string, unknown>;
  };
  const revive = (type: string, value: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      (data.types[type] ?? []).map(({ name, type: fieldType }) => {
        const field = value[name];
        if (/^u?int\d*$/.test(fieldType)) return [name, BigInt(field as string)];
        if (data.types[fieldType])
          return [name, revive(fieldType, field as Record<string, unknown>)];
        return [name, field];
      }),
    );
  return {
    ...data,
    message: revive(data.primaryType, data.message),
  } as unknown as TypedDataDefinition;
}

/** The offered local network, as the page gets it (its RPC URL is where the node listens). */
export async function localNetwork(api: ApiClient, productId: number): Promise<CryptoNetwork> {
  const options = await api.ok<{ networks: CryptoNetwork[] }>(endpoints.paymentCryptoOptions.path, {
    productId,
  });
  const [network] = options.body.data.networks;
  if (!network) throw new Error('the e2e server offers no crypto network');
  return network;
}

/** Injects the wallet into every page of `page`'s context before the app starts. */
/** The person switches the wallet to `chainId` in the wallet's own menu. */
export async function switchInWallet(page: Page, wallet: TestWallet, chainId: number) {
  wallet.chainId = chainId;
  await page.evaluate(
    (hex) =>
      (
        (window as unknown as Record<string, unknown>).__kestrelTestWalletEmit as (
          event: string,
          payload: unknown,
        ) => void
      )('chainChanged', hex),
    numberToHex(chainId),
  );
}

export async function installWallet(page: Page, wallet: TestWallet): Promise<void> {
  await wallet.prepare();
  await page.exposeFunction('__kestrelTestWallet', (method: string, params: unknown[]) =>
    wallet.answer(method, params ?? []),
  );
  await page.addInitScript(() => {
    type Listener = (payload: unknown) => void;
    const bridge = (window as unknown as Record<string, unknown>).__kestrelTestWallet as (
      method: string,
      params: unknown[],
    ) => Promise<{
      result?: unknown;
      error?: { code: number; message: string };
      emit?: [string, unknown][];
    }>;
    const listeners = new Map<string, Set<Listener>>();
    const provider = {
      isKestrelTestWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await bridge(method, params ?? []);
        for (const [event, payload] of answer.emit ?? []) {
          setTimeout(() => listeners.get(event)?.forEach((listener) => listener(payload)), 0);
        }
        if (answer.error) {
          throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        }
        return answer.result;
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    (window as unknown as { ethereum: unknown }).ethereum = provider;
    const info = {
      uuid: '7f1e5a52-2c0b-4b3e-9d3c-6a1f0b9e2a10',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
      rdns: 'com.kestrel.testwallet',
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info, provider }),
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    // What the person does in the wallet itself (another network, another account) reaches the
    // page as the provider's events.
    (window as unknown as Record<string, unknown>).__kestrelTestWalletEmit = (
      event: string,
      payload: unknown,
    ) => listeners.get(event)?.forEach((listener) => listener(payload));
    announce();
  });
}
