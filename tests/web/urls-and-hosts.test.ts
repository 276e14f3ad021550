import { describe, expect, it } from 'vitest';
import { shouldLoadSupportWidget } from '../../src/app/support-widget';
import { sentryEnabled } from '../../src/app/sentry';
import { apiBases, apiUrl, publicKeysUrl } from '../../src/lib/api-url';
import { shouldPrefetchCatalog } from '../../src/lib/queries/catalog';
import { inviteLinkFor, onThisSite } from '../../src/lib/invite-link';

describe('API URLs (SPEC §7)', () => {
  const sameOrigin = apiBases({});
  const split = apiBases({
    VITE_API_BASE: 'https://api.kestrel.example/',
    VITE_MARKETING_BASE: 'https://mkt.kestrel.example',
  });

  it('uses /v4 on PROD and /v4/test on DEV and TEST, on the page origin by default', () => {
    expect(apiUrl('/api/system/system_user_info', 'PROD', sameOrigin)).toBe(
      '/v4/api/system/system_user_info',
    );
    expect(apiUrl('/api/system/system_user_info', 'DEV', sameOrigin)).toBe(
      '/v4/test/api/system/system_user_info',
    );
    expect(apiUrl('/api/system/system_user_info', 'TEST', sameOrigin)).toBe(
      '/v4/test/api/system/system_user_info',
    );
  });

  it('sends marketing paths to the marketing base and the rest to the API base', () => {
    expect(apiUrl('/api/user/user_login', 'PROD', split)).toBe(
      'https://api.kestrel.example/v4/api/user/user_login',
    );
    expect(apiUrl('/api/marketing/marketing_event', 'PROD', split)).toBe(
      'https://mkt.kestrel.example/v4/api/marketing/marketing_event',
    );
    expect(apiBases({ VITE_API_BASE: 'https://api.x' }).marketing).toBe('https://api.x');
  });

  it('fetches the public keys under the same prefix', () => {
    expect(publicKeysUrl('DEV', sameOrigin)).toBe('/v4/test/public-keys');
    expect(publicKeysUrl('PROD', split)).toBe('https://api.kestrel.example/v4/public-keys');
  });
});

describe('hosts and switches', () => {
  it('loads the support widget only on its configured host', () => {
    expect(shouldLoadSupportWidget('kestrel.example', 'kestrel.example')).toBe(true);
    expect(shouldLoadSupportWidget('kestrel.example', 'KESTREL.example')).toBe(true);
    expect(shouldLoadSupportWidget('kestrel.example', 'www.kestrel.example')).toBe(false);
    expect(shouldLoadSupportWidget('kestrel.example', 'localhost:8080')).toBe(false);
    expect(shouldLoadSupportWidget('', '')).toBe(false);
  });

  it('reports errors to Sentry only on PROD with a DSN', () => {
    expect(sentryEnabled('PROD', 'https://key@o1.ingest.sentry.io/1')).toBe(true);
    expect(sentryEnabled('PROD', undefined)).toBe(false);
    expect(sentryEnabled('PROD', '')).toBe(false);
    expect(sentryEnabled('TEST', 'https://key@o1.ingest.sentry.io/1')).toBe(false);
    expect(sentryEnabled('DEV', 'https://key@o1.ingest.sentry.io/1')).toBe(false);
  });

  it('prefetches the catalogue on the selling pages only (SPEC §9)', () => {
    for (const path of [
      '/',
      '/pricing',
      '/group-buying',
      '/download',
      '/affiliate',
      '/login',
      '/register',
      '/resetpassword',
      '/pricing/',
    ]) {
      expect(shouldPrefetchCatalog(path)).toBe(true);
    }
    for (const path of ['/faq', '/user/profile', '/download/tips', '/clause/terms']) {
      expect(shouldPrefetchCatalog(path)).toBe(false);
    }
  });
});

describe('shared page links (issue 19, item 11)', () => {
  it('moves a group invite link the server built onto the origin the page was opened on', () => {
    const page = 'http://127.0.0.1:8080';
    expect(onThisSite(page, 'http://localhost:8080/group-buying?group=Tok_en-1')).toBe(
      'http://127.0.0.1:8080/group-buying?group=Tok_en-1',
    );
    expect(onThisSite('https://vpn.example', 'https://vpn.example/group-buying?group=x#a')).toBe(
      'https://vpn.example/group-buying?group=x#a',
    );
    // A path-only link lands on the page's origin too.
    expect(onThisSite(page, '/group-buying?group=x')).toBe(`${page}/group-buying?group=x`);
    expect(inviteLinkFor(page, 'AB CD')).toBe(`${page}/register?invite=AB%20CD`);
  });
});
