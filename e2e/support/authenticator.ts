/**
 * An authenticator app in e2e: TOTP codes computed with `otpauth` from the secret a page or an
 * endpoint showed, as a phone would (RFC 6238: SHA-1, 6 digits, 30 s).
 */
import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;

/**
 * An authenticator app for one staff member or member (two-step sign-in). The server accepts each 30-second step once and one
 * step of drift either way, so consecutive uses take the next unused step in that window (waiting
 * for the clock when all three are spent).
 */
export class Authenticator {
  private lastStep = -1;
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(secret),
    });
  }

  async code(): Promise<string> {
    for (;;) {
      const nowMs = Date.now();
      const now = Math.floor(nowMs / STEP_MS);
      // The step before stays good until this step ends: used only early in the step.
      const earliest = nowMs % STEP_MS < 15_000 ? now - 1 : now;
      const step = Math.max(earliest, this.lastStep + 1);
      if (step <= now + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * STEP_MS + 1_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, STEP_MS - (nowMs % STEP_MS) + 200));
    }
  }
}
