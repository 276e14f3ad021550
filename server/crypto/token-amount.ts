/**
 * Prices in token base units. Stablecoins are taken 1:1 with USD; a plan priced only in CNY is
 * converted at the operator's CNY-per-USD rate, rounded up to the next base unit (never below the
 * price). All in BigInt: an 18-decimal token's amounts exceed 2^53.
 */

/** `7.2` → 7_200_000n (micro-units); up to 6 decimals. Throws on anything else. */
export function parseRate(rate: string): bigint {
  const match = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(rate.trim());
  if (!match) throw new Error(`not a rate: "${rate}"`);
  const micro = BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
  if (micro === 0n) throw new Error('the rate must be above 0');
  return micro;
}

/** US cents → base units of a token with `decimals` decimals (≥ 2). */
export function usdCentsToUnits(cents: number, decimals: number): bigint {
  if (decimals < 2) throw new Error('tokens with fewer than 2 decimals cannot carry cents');
  return BigInt(cents) * 10n ** BigInt(decimals - 2);
}

/** Fen → base units at `rate` CNY per USD, rounded up. */
export function cnyFenToUnits(fen: number, decimals: number, rate: string): bigint {
  const numerator = BigInt(fen) * 10n ** BigInt(decimals) * 1_000_000n;
  const denominator = parseRate(rate) * 100n;
  return (numerator + denominator - 1n) / denominator;
}

/** The price of an order in base units, from its currency (the quote's rate for CNY). */
export function priceInUnits(
  price: { amount: number; currency: 'CNY' | 'USD' },
  decimals: number,
  cnyPerUsd: string | null,
): bigint {
  if (price.currency === 'USD') return usdCentsToUnits(price.amount, decimals);
  if (cnyPerUsd === null) throw new Error('a CNY price needs the CNY per USD rate');
  return cnyFenToUnits(price.amount, decimals, cnyPerUsd);
}

/** Base units as a decimal string with the token's decimals, trailing zeros trimmed: "4.99". */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
