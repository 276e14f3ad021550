import { COOKIE } from '../../contract/protocol';
import { GROUP_LINK_PARAM, GROUP_TOKEN_PATTERN } from '../../contract/web-routes';
import { setCookie, storeAuthToken } from '../lib/storage';

const TOKEN_PARAM = 'token';

/**
 * A group's invite token is read from the URL by /group-buying and is no sign-up code: as an
 * `invite` cookie it would fill the register form's invite code (older group links used `?invite=`).
 */
function isGroupToken(name: string, value: string): boolean {
  return name === GROUP_LINK_PARAM || (name === 'invite' && GROUP_TOKEN_PATTERN.test(value));
}

/**
 * Every query parameter becomes a 7-day parent-domain cookie (SPEC §4): the apps and ad campaigns
 * hand over invite codes, tracking ids and sources this way, and the server reads them later.
 * A `token` parameter (the apps open the site logged in) becomes the auth token and leaves the URL,
 * so it is not bookmarked, shared or sent on as a Referer.
 * Returns the URL to show, or null when it does not change.
 */
export function absorbQueryParams(href: string): string | null {
  const url = new URL(href);
  let changed = false;
  for (const [name, value] of url.searchParams) {
    if (name === TOKEN_PARAM) {
      if (value) storeAuthToken(value);
      changed = true;
      continue;
    }
    if (name && value && !isGroupToken(name, value)) setCookie(name, value, COOKIE.otherDays);
  }
  if (!changed) return null;
  url.searchParams.delete(TOKEN_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
