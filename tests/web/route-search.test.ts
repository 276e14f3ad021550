/**
 * The routes' search schemas arrive after the first paint (src/app/route-search.ts): the stand-ins
 * in the route table answer as the schemas do once they are here, need none for an empty search,
 * never pass a search on unchecked, and no navigation goes ahead before the schemas have arrived.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as searchParams from '../../contract/search-params';

type RouteSearchModule = typeof import('../../src/app/route-search');

/** The schemas among the contract module's exports. */
const SCHEMAS = Object.entries(searchParams).filter(
  ([, value]) => typeof value === 'object' && value !== null && '~standard' in value,
) as Array<[keyof typeof searchParams & string, (typeof searchParams)['pricingSearch']]>;

/** Holds the contract module back until `arrive()`: the schemas on a slow network. */
function slowSchemas() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const fetched = { count: 0 };
  vi.doMock('../../contract/search-params', async () => {
    fetched.count += 1;
    await arrived;
    return searchParams;
  });
  return { arrive, fetched };
}

/** A fresh copy of src/app/route-search.ts: nothing loaded yet. */
const freshRouteSearch = async (): Promise<RouteSearchModule> =>
  import('../../src/app/route-search');

beforeEach(() => vi.resetModules());
afterEach(() => vi.doUnmock('../../contract/search-params'));

describe('the route search schemas', () => {
  it('are all there (the route table names nine)', () => {
    expect(SCHEMAS.map(([name]) => name).sort()).toEqual([
      'consoleGroupsSearch',
      'consoleOrdersSearch',
      'consoleUsersSearch',
      'groupBuyingSearch',
      'guestSearch',
      'kolSearch',
      'loadingSearch',
      'pricingSearch',
      'purchasedSearch',
    ]);
  });

  it.each(SCHEMAS)(
    '%s reads an empty search as an empty one (what a stand-in answers alone)',
    (_, schema) => {
      expect(schema.parse({})).toEqual({});
    },
  );
});

describe('a route stand-in', () => {
  it('answers an empty search before the schemas arrive, and refuses any other', async () => {
    const { arrive } = slowSchemas();
    const { routeSearch, RouteSearchNotReady, routeSearchLoaded } = await freshRouteSearch();
    const pricing = routeSearch('pricingSearch')['~standard'];

    expect(pricing.validate({})).toEqual({ value: {} });
    expect(() => pricing.validate({ product: 104 })).toThrow(RouteSearchNotReady);
    expect(routeSearchLoaded()).toBe(false);
    arrive();
  });

  it('answers as its schema once the schemas are here', async () => {
    const { routeSearch, loadRouteSearch } = await freshRouteSearch();
    await loadRouteSearch();
    const inputs = [
      { product: 104, currency: 'USD', coupon: 2026, group: 'T' },
      { product: 'x', currency: 'EUR', coupon: { a: 1 } },
      {},
    ];
    for (const input of inputs) {
      expect(routeSearch('pricingSearch')['~standard'].validate(input)).toEqual(
        searchParams.pricingSearch['~standard'].validate(input),
      );
    }
    expect(routeSearch('kolSearch')['~standard'].validate({ tab: 'ledger' })).toEqual({
      value: {},
    });
  });

  it('asked about a search too early, fetches the schemas', async () => {
    const { arrive } = slowSchemas();
    const { routeSearch, routeSearchLoaded, loadRouteSearch } = await freshRouteSearch();
    expect(() => routeSearch('guestSearch')['~standard'].validate({ redirect: '/faq' })).toThrow();
    arrive();
    await loadRouteSearch();
    expect(routeSearchLoaded()).toBe(true);
  });
});

describe('navigations before the schemas arrive', () => {
  it('wait for them, then go ahead, and nothing is held once they are here', async () => {
    const { arrive, fetched } = slowSchemas();
    const { holdNavigationsForRouteSearch, routeSearchLoaded } = await freshRouteSearch();
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const onFailure = vi.fn();
    holdNavigationsForRouteSearch(history, onFailure);
    // Holding fetches nothing: the first paint does not wait for the schemas.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched.count).toBe(0);

    history.push('/pricing?product=104');
    await vi.waitFor(() => expect(routeSearchLoaded()).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(history.location.pathname).toBe('/');

    arrive();
    await vi.waitFor(() => expect(history.location.href).toBe('/pricing?product=104'));
    expect(routeSearchLoaded()).toBe(true);
    expect(onFailure).not.toHaveBeenCalled();
    // Released: a navigation goes ahead at once, as without a blocker.
    history.push('/faq');
    expect(history.location.pathname).toBe('/faq');
  });

  it('go ahead after a failed load, which is reported (the app reloads once)', async () => {
    vi.doMock('../../contract/search-params', async () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { holdNavigationsForRouteSearch } = await freshRouteSearch();
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const onFailure = vi.fn();
    holdNavigationsForRouteSearch(history, onFailure);

    history.push('/faq');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/faq'));
    expect(onFailure).toHaveBeenCalledTimes(1);
    // Still held: the next navigation tries the schemas again, and goes ahead after that.
    history.push('/download');
    expect(history.location.pathname).toBe('/faq');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/download'));
    expect(onFailure).toHaveBeenCalledTimes(2);
  });

  it('are not held at all once the schemas are here', async () => {
    const { holdNavigationsForRouteSearch, loadRouteSearch } = await freshRouteSearch();
    await loadRouteSearch();
    const history = createMemoryHistory({ initialEntries: ['/'] });
    holdNavigationsForRouteSearch(history, vi.fn());
    history.push('/pricing?product=104');
    expect(history.location.href).toBe('/pricing?product=104');
  });
});
