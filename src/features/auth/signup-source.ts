import { MARKETING_SOURCE, TRACKING_PARAMS } from '../../../contract/enums';
import { SIGNUP_SOURCE_PATTERN } from '../../../contract/validation';
import { getCookie, getRegisterSource, storeRegisterSource } from '../../lib/storage';

/**
 * SPEC §3's register-page source: where this visitor's sign-up came from, sent with the
 * registration for attribution. The first source seen wins and is remembered (localStorage), so a
 * visitor who arrived from a campaign and registers days later is still counted for it. A `source`
 * query parameter (kept as a cookie by the start-up) names it; an ad-click id without one means the
 * visitor came through paid marketing.
 */
export function signupSource(): string | undefined {
  const stored = getRegisterSource();
  if (stored && SIGNUP_SOURCE_PATTERN.test(stored)) return stored;
  const fromAd = TRACKING_PARAMS.some((name) => getCookie(name) !== undefined);
  const found = getCookie('source') ?? (fromAd ? MARKETING_SOURCE : undefined);
  if (!found || !SIGNUP_SOURCE_PATTERN.test(found)) return undefined;
  storeRegisterSource(found);
  return found;
}
