import { loadApi } from '../../../lib/load-api';

const endpoints = () => import('../../../../contract/endpoints/account-area');

/** user_third_party_client: on or off, cooldown, speed limit and the server's time. */
export async function loadThirdPartyClient() {
  const [{ callApi }, { userThirdPartyClient }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(userThirdPartyClient, {});
}

/**
 * user_third_party_client_toggle. Quiet: the machine shows the failure (a cooldown refusal becomes
 * the countdown, not a toast).
 */
export async function toggleThirdPartyClient(enabled: boolean) {
  const [{ callApiQuiet }, { userThirdPartyClientToggle }] = await Promise.all([
    loadApi(),
    endpoints(),
  ]);
  return callApiQuiet(userThirdPartyClientToggle, { enabled });
}

/** user_third_party_client_link: a fresh single-use link, asked for on every page load. */
export async function issueSubscriptionLink() {
  const [{ callApi }, { userThirdPartyClientLink }] = await Promise.all([loadApi(), endpoints()]);
  return callApi(userThirdPartyClientLink, {});
}
