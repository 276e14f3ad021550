import {
  createRootRouteWithContext,
  createRoute,
  notFound,
  redirect,
  type AnyRoute,
  type AnyValidator,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { safeRedirect } from '../lib/redirect';
import { isLoggedIn, settledSession, type SessionActor } from '../lib/session/session';
import { ErrorScreen } from '../components/error-screen';
import { NotFoundPage } from '../components/not-found-page';
import { RootLayout } from './layout/root-layout';
import { lazyPage, type PageImporter } from './lazy-page';
import { CLAUSE_NAMES, type ClauseName } from '../../contract/web-routes';
import type { ContentPage } from '../../contract/content-pages';
import { pageTextQuery } from '../lib/queries/page-text';
import { routeSearch } from './route-search';

export interface RouterContext {
  queryClient: QueryClient;
  session: SessionActor;
}

function RouteError({ error }: ErrorComponentProps) {
  return <ErrorScreen error={error} />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

/**
 * The builder of the pages under one parent route: a page is its path and its code (a lazy chunk,
 * src/app/lazy-page.tsx). A page that reads its address passes its search schema
 * (contract/search-params.ts, by name: src/app/route-search.ts): the router validates the search with
 * it and the page reads it with the route's typed `useSearch`.
 */
const pagesUnder =
  <const TParent extends AnyRoute>(getParentRoute: () => TParent) =>
  <const P extends string, S extends AnyValidator | undefined = undefined>(
    path: P,
    chunk: string,
    importer: PageImporter,
    validateSearch?: S,
  ) =>
    createRoute({
      getParentRoute,
      path,
      component: lazyPage(chunk, importer),
      validateSearch,
    });

const page = pagesUnder(() => rootRoute);

/**
 * The login-access guard (SPEC §2): a logged-in visitor has nothing to do on the login, register or
 * reset pages and goes on to `?redirect` (same-origin paths only) or the profile.
 */
const guestRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guest',
  validateSearch: routeSearch('guestSearch'),
  beforeLoad: async ({ context, search }) => {
    const snapshot = await settledSession(context.session);
    if (isLoggedIn(snapshot))
      throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
});

const guestPage = pagesUnder(() => guestRoute);

/** The user-auth guard (SPEC §6): /user/* needs a session, else /login with the way back. */
const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user',
  beforeLoad: async ({ context, location }) => {
    const snapshot = await settledSession(context.session);
    if (!isLoggedIn(snapshot)) {
      throw redirect({
        to: '/login',
        search: { redirect: `${location.pathname}${location.searchStr}` },
        replace: true,
      });
    }
  },
  component: lazyPage('account-layout', () => import('../features/account/account-layout')),
});

const userIndexRoute = createRoute({
  getParentRoute: () => userRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/user/profile', replace: true });
  },
});

const userPage = pagesUnder(() => userRoute);

/** /group-buying reads `?group=`, `?invite=` (older links) and `?orderId=` (contract/search-params.ts). */
const groupBuyingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/group-buying',
  validateSearch: routeSearch('groupBuyingSearch'),
  component: lazyPage('group-buying', () => import('../pages/group-buying.page')),
});

/**
 * A content page's text (the built-in one or staff's replacement) is read while the route loads, as
 * its code is, so the page renders whole: a text arriving after the page would push the footer
 * down under the visitor's pointer. A failed read is not an error here: the page shows its
 * built-in text.
 */
const loadPageText = (queryClient: QueryClient, page: ContentPage) =>
  queryClient.prefetchQuery(pageTextQuery(page));

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  loader: ({ context }) => loadPageText(context.queryClient, 'faq'),
  component: lazyPage('faq', () => import('../features/faq/faq-page')),
});

const clauseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clause/$name',
  beforeLoad: ({ params }) => {
    if (!(CLAUSE_NAMES as readonly string[]).includes(params.name)) throw notFound();
  },
  loader: ({ context, params }) => loadPageText(context.queryClient, params.name as ClauseName),
  component: lazyPage('clause', () => import('../features/clauses/clause-page')),
});

/**
 * The operator console (issue 21, docs/console.md): its own frame, sign-in and guard. Everything of
 * it lives in src/console and arrives only with these routes; the guard imports the console's
 * session module on demand, so no member page's JavaScript holds any of it.
 */
const loadConsoleSession = async (queryClient: QueryClient) =>
  (await import('../console/api/console-queries')).loadConsoleSession(queryClient);

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyPage('console-frame', () => import('../console/console-frame')),
});

const adminLoginRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/login',
  beforeLoad: async ({ context }) => {
    if (await loadConsoleSession(context.queryClient))
      throw redirect({ to: '/admin', replace: true });
  },
  component: lazyPage('console-login', () => import('../console/pages/login-page')),
});

const adminPage = pagesUnder(() => adminRoute);

/** The console's guard: a staff session, else its sign-in page. */
const staffAreaRoute = createRoute({
  getParentRoute: () => adminRoute,
  id: 'staff-area',
  beforeLoad: async ({ context }) => {
    if (!(await loadConsoleSession(context.queryClient)))
      throw redirect({ to: '/admin/login', replace: true });
  },
  component: lazyPage('console-shell', () => import('../console/console-shell')),
});

const staffAreaPage = pagesUnder(() => staffAreaRoute);

export const routeTree = rootRoute.addChildren([
  page('/', 'home', () => import('../features/home/home-page')),
  guestRoute.addChildren([
    guestPage('/login', 'login', () => import('../features/auth/login-page')),
    guestPage('/register', 'register', () => import('../features/auth/register-page')),
    guestPage(
      '/resetpassword',
      'reset-password',
      () => import('../features/auth/reset-password-page'),
    ),
  ]),
  page(
    '/pricing',
    'pricing',
    () => import('../features/store/pricing-page'),
    routeSearch('pricingSearch'),
  ),
  groupBuyingRoute,
  page('/crypto-pay/$productId', 'crypto-pay', () => import('../pages/crypto-pay.page')),
  page(
    '/purchased',
    'purchased',
    () => import('../features/store/purchased-page'),
    routeSearch('purchasedSearch'),
  ),
  page('/download', 'download', () => import('../features/download/download-page')),
  page('/download/tips', 'download-tips', () => import('../features/download/download-tips-page')),
  page(
    '/download/smart_links',
    'smart-links',
    () => import('../features/download/smart-links-page'),
  ),
  page('/affiliate', 'affiliate', () => import('../features/affiliate/affiliate-page')),
  faqRoute,
  clauseRoute,
  page('/apple-help', 'apple-help', () => import('../features/apple-help/apple-help-page')),
  page('/trial', 'trial', () => import('../features/store/trial-page')),
  page(
    '/loading',
    'loading',
    () => import('../features/loading/loading-page'),
    routeSearch('loadingSearch'),
  ),
  userRoute.addChildren([
    userIndexRoute,
    userPage('/profile', 'profile', () => import('../pages/profile.page')),
    userPage('/device', 'devices', () => import('../features/devices/devices-page')),
    userPage('/reward', 'reward', () => import('../features/rewards/rewards-page')),
    userPage('/kol', 'kol', () => import('../features/kol/kol-page'), routeSearch('kolSearch')),
    userPage('/group-buying', 'user-group-buying', () => import('../pages/user-group-buying.page')),
    userPage('/benefits', 'benefits', () => import('../features/benefits/benefits-page')),
    userPage('/security', 'security', () => import('../features/security/security-page')),
    userPage('/receipt/$orderId', 'receipt', () => import('../features/store/receipt-page')),
    userPage('/notices', 'notices', () => import('../features/notices/notices-page')),
    userPage(
      '/third-party-client',
      'third-party-client',
      () => import('../features/third-party-client/third-party-client-page'),
    ),
  ]),
  adminRoute.addChildren([
    adminLoginRoute,
    adminPage('/enrol/$token', 'console-enrol', () => import('../console/pages/enrol-page')),
    staffAreaRoute.addChildren([
      staffAreaPage('/', 'console-home', () => import('../console/pages/home-page')),
      staffAreaPage(
        '/users',
        'console-members',
        () => import('../console/pages/members-page'),
        routeSearch('consoleUsersSearch'),
      ),
      staffAreaPage(
        '/orders',
        'console-orders',
        () => import('../console/pages/orders-page'),
        routeSearch('consoleOrdersSearch'),
      ),
      staffAreaPage(
        '/groups',
        'console-groups',
        () => import('../console/pages/groups-page'),
        routeSearch('consoleGroupsSearch'),
      ),
      staffAreaPage('/nodes', 'console-nodes', () => import('../console/pages/nodes-page')),
      staffAreaPage('/store', 'console-store', () => import('../console/pages/store-page')),
      staffAreaPage('/content', 'console-content', () => import('../console/pages/content-page')),
      staffAreaPage('/crypto', 'console-crypto', () => import('../console/pages/crypto-page')),
      staffAreaPage('/kol', 'console-kol', () => import('../console/pages/kol-page')),
      staffAreaPage('/staff', 'console-staff', () => import('../console/pages/staff-page')),
      staffAreaPage('/audit', 'console-audit', () => import('../console/pages/audit-page')),
    ]),
  ]),
]);
