/**
 * The TOTP module (server/identity/totp.ts) against RFC 6238's SHA-1 test vectors (the last six
 * digits of its eight-digit codes), its window of one step either way, and its one use per step.
 */
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpCode, totpStep, totpUri } from '../../server/identity/totp';

/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_111_111_111, '050471'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
    [20_000_000_000, '353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
    expect(matchTotp(RFC_SECRET, code, seconds * 1000)).toBe(totpStep(seconds * 1000));
  });

  it('accepts the codes of one step either side, not two', () => {
    const now = 1_234_567_890_000;
    const at = (steps: number) => totpCode(RFC_SECRET, now + steps * 30_000);
    expect(matchTotp(RFC_SECRET, at(-1), now)).toBe(totpStep(now) - 1);
    expect(matchTotp(RFC_SECRET, at(1), now)).toBe(totpStep(now) + 1);
    expect(matchTotp(RFC_SECRET, at(-2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, at(2), now)).toBeNull();
  });

  it('refuses a step at or before the last one used, and anything but six digits', () => {
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    const code = totpCode(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, code, now, step + 1)).toBeNull();
    expect(matchTotp(RFC_SECRET, code, now, step - 1)).toBe(step);
    // The previous step's code, once a later step was used, is refused too.
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now, step)).toBeNull();
    for (const bad of ['', '12345', '1234567', '12 345', 'abcdef', `${code} `])
      expect(matchTotp(RFC_SECRET, bad, now)).toBeNull();
  });

  it('makes 160-bit base32 secrets and otpauth URIs authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ann', 'Kestrel VPN console'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Kestrel VPN console:ann');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Kestrel VPN console',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
