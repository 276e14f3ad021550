import { callLazy } from '../../../lib/load-api';

const endpoints = () => import('../../../../contract/endpoints/account-area');

/** user_third_party_client: on or off, cooldown, speed limit and the server's time. */
export async function loadThirdPartyClient() {
  return callLazy(endpoints(), (m) => m.userThirdPartyClient, {});
}

/**
 * user_third_party_client_toggle. Quiet: the machine shows the failure (a cooldown refusal becomes
 * the countdown, not a toast).
 */
export async function toggleThirdPartyClient(enabled: boolean) {
  return callLazy(endpoints(), (m) => m.userThirdPartyClientToggle, { enabled }, { quiet: true });
}

/** user_third_party_client_link: a fresh single-use link, asked for on every page load. */
export async function issueSubscriptionLink() {
  return callLazy(endpoints(), (m) => m.userThirdPartyClientLink, {});
}
