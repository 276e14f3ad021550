import type { Abi, Chain, PublicClient, WalletClient } from 'viem';

type Hex = `0x${string}`;
export type StablecoinKind = 'bool' | 'none';

export declare const LOCAL_CHAIN_ID: number;
export declare const DEPLOYER_INDEX: number;
export declare const STABLECOIN_ABI: Abi;
export declare const TRANSFER_ABI: Record<StablecoinKind, Abi>;

export interface LocalNode {
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  stop(): Promise<void>;
}

export declare function compileStablecoins(): Promise<
  Record<StablecoinKind, { abi: Abi; bytecode: Hex }>
>;
export declare function freePort(): Promise<number>;
export declare function startHardhatNode(options?: {
  port?: number;
  accounts?: number;
  log?: (text: string) => void;
}): Promise<LocalNode>;
export declare function rpc(url: string, method: string, params?: unknown[]): Promise<unknown>;
export declare function accounts(url: string): Promise<Hex[]>;
export declare function mine(url: string, blocks?: number): Promise<void>;
export declare function clients(url: string): {
  chain: Chain;
  public: PublicClient;
  wallet: WalletClient;
};
export declare function deployStablecoins<S extends string>(
  url: string,
  tokens: readonly { symbol: S; decimals: number; kind: StablecoinKind }[],
): Promise<Record<S, { address: Hex; decimals: number; kind: StablecoinKind }>>;
export declare function mintTokens(
  url: string,
  token: Hex,
  to: Hex,
  amount: bigint | string | number,
): Promise<void>;
export declare function transferTokens(
  url: string,
  transfer: {
    token: Hex;
    kind?: StablecoinKind;
    from: Hex;
    to: Hex;
    amount: bigint | string | number;
  },
): Promise<Hex>;
export declare const CONTRACT_WALLET_ABI: Abi;
export declare function deployContractWallet(url: string, owner: Hex): Promise<Hex>;
export declare function transferFromContractWallet(
  url: string,
  transfer: {
    walletAddress: Hex;
    owner: Hex;
    token: Hex;
    to: Hex;
    amount: bigint | string | number;
  },
): Promise<Hex>;
