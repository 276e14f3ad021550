/**
 * An order's or a group's number in another console section (src/console/section-links.tsx): a link
 * to its record for a role that may read that section, the number alone for one that may not.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsolePermission } from '../../contract/endpoints/console';
import { consoleSessionQuery } from '../../src/console/api/console-queries';
import { GroupLink, OrderLink } from '../../src/console/section-links';

function sessionWith(permissions: ConsolePermission[]) {
  return {
    staff: { id: 1, username: 'sid', role: 'support' as const },
    permissions,
    csrfToken: 'csrf',
    idleExpiresAt: '2026-11-26T06:15:00.000Z',
    absoluteExpiresAt: '2026-11-26T14:00:00.000Z',
    secondFactorAt: '2026-11-26T06:00:00.000Z',
    stepUpFreshUntil: '2026-11-26T06:05:00.000Z',
  };
}

async function renderAs(permissions: ConsolePermission[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(consoleSessionQuery.queryKey, sessionWith(permissions));
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <OrderLink orderNo="K20261125A7Q2M9X4B1" />
        <GroupLink groupId="G8VUX6UMKC2" />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/admin/users?member=7'] }),
  });
  await router.load();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByText('K20261125A7Q2M9X4B1');
}

afterEach(cleanup);

describe('console section links', () => {
  it('link to the order and the group for a role that reads both sections', async () => {
    await renderAs(['users.read', 'orders.read', 'group-buy.manage']);
    expect(screen.getByRole('link', { name: 'K20261125A7Q2M9X4B1' }).getAttribute('href')).toBe(
      '/admin/orders?order=K20261125A7Q2M9X4B1',
    );
    expect(screen.getByRole('link', { name: 'G8VUX6UMKC2' }).getAttribute('href')).toBe(
      '/admin/groups?group=G8VUX6UMKC2',
    );
  });

  it('show the number alone where the role may not open the section', async () => {
    await renderAs(['users.read']);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('G8VUX6UMKC2').tagName).toBe('CODE');
    expect(screen.getByText('K20261125A7Q2M9X4B1').tagName).toBe('CODE');
  });
});
