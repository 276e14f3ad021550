/**
 * Rules of the KOL programme shared by the server (which enforces them), the operator CLI and the
 * SPA (which shows them): rate bounds, the payout threshold, the payout networks with their address
 * and hash formats and explorers, and the commission arithmetic. docs/kol.md.
 */

export const KOL_RATES = {
  /** SPEC §9 and the affiliate page: 25-100 % on a referred user's first purchase. */
  firstMinPercent: 25,
  firstMaxPercent: 100,
  /** SPEC §9: 20 % on renewals by default; the affiliate page's "up to 25 %" is the ceiling. */
  renewalMinPercent: 1,
  renewalMaxPercent: 25,
  renewalDefaultPercent: 20,
} as const;

/** SPEC §4, §9: a payout can be requested once the available earnings reach $100. */
export const KOL_PAYOUT_THRESHOLD_CENTS = 10_000;

/** The KOL tables are paged; the page size a client may ask for. */
export const KOL_PAGE_SIZE = { default: 10, max: 50 } as const;

/** Where a commission stands; 'held': under review (a self-referral signal matched). */
export const KOL_COMMISSION_STATUSES = [
  'held',
  'pending',
  'available',
  'settled',
  'voided',
] as const;
export type KolCommissionStatus = (typeof KOL_COMMISSION_STATUSES)[number];
/** A clawback is the negative twin of a settled commission taken back. */
export const KOL_COMMISSION_KINDS = ['commission', 'clawback'] as const;
/** A settlement is processing until its payout is recorded, then paid. */
export const KOL_SETTLEMENT_STATUSES = ['processing', 'paid'] as const;

export const PAYOUT_NETWORKS = ['tron', 'ethereum', 'bsc', 'polygon', 'arbitrum'] as const;
export type PayoutNetwork = (typeof PAYOUT_NETWORKS)[number];

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;
const TRON_HASH = /^[0-9a-fA-F]{64}$/;

/** USDT on each network: its display name, address and hash formats, and its block explorer. */
export const PAYOUT_NETWORK_INFO: Record<
  PayoutNetwork,
  {
    label: string;
    address: RegExp;
    hash: RegExp;
    explorerTx: string;
    /** The EVM chain id a payout is verified on; null for TRON (not read on chain here). */
    chainId: number | null;
  }
> = {
  tron: {
    label: 'USDT (TRC-20)',
    address: TRON_ADDRESS,
    hash: TRON_HASH,
    explorerTx: 'https://tronscan.org/#/transaction/',
    chainId: null,
  },
  ethereum: {
    label: 'USDT (ERC-20)',
    address: EVM_ADDRESS,
    hash: EVM_HASH,
    explorerTx: 'https://etherscan.io/tx/',
    chainId: 1,
  },
  bsc: {
    label: 'USDT (BEP-20)',
    address: EVM_ADDRESS,
    hash: EVM_HASH,
    explorerTx: 'https://bscscan.com/tx/',
    chainId: 56,
  },
  polygon: {
    label: 'USDT (Polygon)',
    address: EVM_ADDRESS,
    hash: EVM_HASH,
    explorerTx: 'https://polygonscan.com/tx/',
    chainId: 137,
  },
  arbitrum: {
    label: 'USDT (Arbitrum One)',
    address: EVM_ADDRESS,
    hash: EVM_HASH,
    explorerTx: 'https://arbiscan.io/tx/',
    chainId: 42161,
  },
};

export function isPayoutNetwork(value: string): value is PayoutNetwork {
  return (PAYOUT_NETWORKS as readonly string[]).includes(value);
}

export function isPayoutAddress(network: PayoutNetwork, address: string): boolean {
  return PAYOUT_NETWORK_INFO[network].address.test(address);
}

export function isPayoutTxHash(network: PayoutNetwork, hash: string): boolean {
  return PAYOUT_NETWORK_INFO[network].hash.test(hash);
}

export function explorerTxUrl(network: PayoutNetwork, hash: string): string {
  return `${PAYOUT_NETWORK_INFO[network].explorerTx}${hash}`;
}

/** USD has the rate 1 (1,000,000 micros); CNY the operator's rate. */
export const USD_RATE_MICROS_OF_USD = 1_000_000;

/**
 * A payment in US cents at a rate of `usdRateMicros` dollars per unit of its currency, times a
 * million, rounded down (the KOL is never paid a fraction of a cent that was not earned).
 */
export function toUsdCents(paidMinor: number, usdRateMicros: number): number {
  return Number((BigInt(paidMinor) * BigInt(usdRateMicros)) / 1_000_000n);
}

/** The commission of a payment already in cents: rounded down to the cent. */
export function commissionCents(paidUsdCents: number, ratePercent: number): number {
  return Math.floor((paidUsdCents * ratePercent) / 100);
}

/**
 * The affiliate page's example: what `members` buyers of a plan priced `priceUsdCents` bring a KOL
 * at the programme's top rates, each payment's commission rounded as the ledger rounds it. The
 * price is the shop's, so the example never names a plan price that does not exist.
 */
export function affiliateExample(priceUsdCents: number, members: number) {
  return {
    firstYearCents: commissionCents(priceUsdCents, KOL_RATES.firstMaxPercent) * members,
    renewalCents: commissionCents(priceUsdCents, KOL_RATES.renewalMaxPercent) * members,
  };
}

/**
 * Why a recorded payout hash is not (yet) verified on chain: a value the console words in the
 * reader's language and the CLI in English (docs/kol.md "Payout hashes").
 */
export type PayoutCheckReason =
  /** Not an EVM chain (TRON): nothing here reads it; the operator's word stands. */
  | { readonly code: 'not_read_here'; readonly network: PayoutNetwork }
  /** No network with this chain id, or no USDT on it, is configured. */
  | { readonly code: 'no_usdt'; readonly chainId: number }
  | { readonly code: 'chain_not_configured'; readonly chainId: number }
  /** Nothing asks the chain in this process (a test or a CLI without RPC). */
  | { readonly code: 'no_verifier' }
  | { readonly code: 'reverted' }
  | { readonly code: 'no_transfer' }
  | { readonly code: 'too_small' }
  | { readonly code: 'unconfirmed'; readonly confirmations: number; readonly required: number }
  | { readonly code: 'not_found' }
  | { readonly code: 'unreachable' };

/** The reason in English, for the CLI and the logs. */
export function payoutReasonInEnglish(reason: PayoutCheckReason): string {
  switch (reason.code) {
    case 'not_read_here':
      return `${reason.network} is not read on chain here`;
    case 'no_usdt':
      return `no USDT on chain ${reason.chainId} is configured (npm run admin -- crypto network)`;
    case 'chain_not_configured':
      return `chain ${reason.chainId} is not configured`;
    case 'no_verifier':
      return 'no chain verifier configured';
    case 'reverted':
      return 'the transaction failed on chain';
    case 'no_transfer':
      return 'the transaction sends no USDT to the payout address';
    case 'too_small':
      return 'the transaction sends less USDT than the settlement';
    case 'unconfirmed':
      return `${reason.confirmations} of ${reason.required} confirmations so far`;
    case 'not_found':
      return 'the transaction is not on chain (yet)';
    case 'unreachable':
      return 'the chain could not be reached';
  }
}
