/**
 * The server answers 404 for any address that is none of the SPA's routes (contract/web-routes.ts):
 * that list must be exactly the routes the router builds, or a new page would be served as a 404.
 */
import { describe, expect, it } from 'vitest';
import { isSpaRoute, SPA_ROUTES, spaRouteOf } from '../../contract/web-routes';
import { createAppRouter } from '../../src/app/router';
import { createQueryClient } from '../../src/lib/query-client';
import { createSession } from '../../src/lib/session/session';

describe('the route list the server shares with the router', () => {
  it('names every route of the router, and nothing else', () => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, createSession(queryClient));
    const paths = new Set(
      Object.values(router.routesById)
        // The root and the pathless guard layout add no address of their own.
        .filter((route) => !route.isRoot && (route.id as string) !== '/guest')
        .map((route) => (route.fullPath.length > 1 ? route.fullPath.replace(/\/$/, '') : '/')),
    );
    expect([...paths].sort()).toEqual([...SPA_ROUTES].sort());
  });

  it('matches params as one non-empty segment, and clause names from their list only', () => {
    expect(isSpaRoute('/crypto-pay/3')).toBe(true);
    expect(isSpaRoute('/crypto-pay/3/4')).toBe(false);
    expect(isSpaRoute('/crypto-pay/')).toBe(false);
    expect(isSpaRoute('/clause/privacy?lang=en')).toBe(true);
    expect(isSpaRoute('/clause/Privacy')).toBe(false);
    expect(isSpaRoute('/clause/other')).toBe(false);
    expect(isSpaRoute('/')).toBe(true);
    expect(isSpaRoute('/?utm_source=x')).toBe(true);
    expect(isSpaRoute('/nope')).toBe(false);
  });

  it('names the route an address is a page of, as declared', () => {
    expect(spaRouteOf('/crypto-pay/101?x=1')).toBe('/crypto-pay/$productId');
    expect(spaRouteOf('/clause/terms/')).toBe('/clause/$name');
    expect(spaRouteOf('/Pricing')).toBe('/pricing');
    expect(spaRouteOf('/crypto-pay')).toBeNull();
  });
});
