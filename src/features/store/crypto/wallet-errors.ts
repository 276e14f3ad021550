/**
 * What a wallet's refusal means to the buyer, as a contract error code (SPEC §8 crypto errors):
 * wagmi and viem errors wrap the wallet's EIP-1193 error, so the whole chain of causes is read.
 */
import { Errors } from '../../../../contract/errors';

/** EIP-1193: the user rejected the request; 4902 (EIP-3326): the wallet does not know the chain. */
const USER_REJECTED = 4001;

const BY_NAME: Readonly<Record<string, number>> = {
  UserRejectedRequestError: Errors.CRYPTO_USER_REJECTED.code,
  ProviderNotFoundError: Errors.CRYPTO_WALLET_NOT_FOUND.code,
  ConnectorNotFoundError: Errors.CRYPTO_WALLET_NOT_FOUND.code,
  ConnectorNotConnectedError: Errors.CRYPTO_WALLET_NOT_CONNECTED.code,
  ConnectorAccountNotFoundError: Errors.CRYPTO_WALLET_NOT_CONNECTED.code,
  ChainMismatchError: Errors.CRYPTO_SWITCH_NETWORK.code,
  ConnectorChainMismatchError: Errors.CRYPTO_SWITCH_NETWORK.code,
  InsufficientFundsError: Errors.CRYPTO_INSUFFICIENT_BALANCE.code,
};

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 10) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The failure as a code; `fallback` when the wallet gave no recognisable reason. */
export function walletErrorCode(error: unknown, fallback: number): number {
  for (const cause of causes(error)) {
    const { name, code, message } = cause as { name?: unknown; code?: unknown; message?: unknown };
    if (code === USER_REJECTED) return Errors.CRYPTO_USER_REJECTED.code;
    if (typeof name === 'string' && name in BY_NAME) return BY_NAME[name]!;
    // A node's refusal of a transfer larger than the balance (the token's own revert reason).
    if (
      typeof message === 'string' &&
      /exceeds balance|insufficient (balance|funds)/i.test(message)
    )
      return Errors.CRYPTO_INSUFFICIENT_BALANCE.code;
  }
  return fallback;
}

/** The rejection an actor throws: the machines read its numeric contract `code`. */
export class WalletError extends Error {
  override name = 'WalletError';
  constructor(readonly code: number) {
    super(`wallet error ${code}`);
  }
}

export function toWalletError(error: unknown, fallback: number): WalletError {
  return error instanceof WalletError ? error : new WalletError(walletErrorCode(error, fallback));
}
