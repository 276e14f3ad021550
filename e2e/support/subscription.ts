import type { APIRequestContext } from '@playwright/test';
import type { ApiClient } from './api-client';
import { expect } from './fixtures';

/**
 * A new import link of a member, with the third-party client function turned on, fetched once by
 * `userAgent` (served: the subscription's fetch log lists it); its path, to fetch it again.
 */
export async function fetchImportLink(
  api: ApiClient,
  request: APIRequestContext,
  token: string,
  userAgent: string,
): Promise<string> {
  await api.ok('/api/user/user_third_party_client_toggle', { enabled: true }, token);
  const issued = await api.ok<{ url: string }>('/api/user/user_third_party_client_link', {}, token);
  const link = new URL(issued.body.data.url).pathname;
  expect((await request.get(link, { headers: { 'user-agent': userAgent } })).status()).toBe(200);
  return link;
}
