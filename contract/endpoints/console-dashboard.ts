/**
 * The console's dashboard (issue 21, item 4; docs/console.md): the figures an operator opens the
 * console for, and their series over 30 or 90 days for the charts. Money is per currency (never
 * added across currencies), in minor units; days are UTC days.
 */
import { z } from 'zod';
import { Errors } from '../errors';
import { isoDate } from './common';
import { code, consoleRead } from './console-base';

export const DASHBOARD_RANGES = [30, 90] as const;

const perCurrency = z.object({ CNY: z.number().int(), USD: z.number().int() });

export const dashboardFigures = z.object({
  at: isoDate,
  revenue: z.object({
    today: perCurrency,
    thisMonth: perCurrency,
    lastMonth: perCurrency,
    /** This month so far against last month up to the same day, in percent; null without a base. */
    changePercent: z.object({ CNY: z.number().nullable(), USD: z.number().nullable() }),
  }),
  refunds: z.object({ thisMonth: perCurrency }),
  registrations: z.object({
    today: z.number().int(),
    thisMonth: z.number().int(),
    lastMonth: z.number().int(),
  }),
  /** Members whose membership runs now. */
  activeMembers: z.number().int(),
  /** Active members who have paid at least once (an order paid and not refunded). */
  payingMembers: z.number().int(),
  /** Addresses the nodes reported online within their online window. */
  onlineDevices: z.number().int(),
  /** Bytes up and down this calendar month (UTC), as the nodes reported them. */
  trafficThisMonth: z.number(),
  nodes: z.object({ enabled: z.number().int(), online: z.number().int() }),
  openPaymentFlags: z.number().int(),
  payoutsDue: z.object({ count: z.number().int(), cents: z.number().int() }),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  revenue: perCurrency,
  registrations: z.number().int(),
  /** Members whose membership ran at the end of that day. */
  activeMembers: z.number().int(),
  trafficBytes: z.number(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const consoleDashboard = consoleRead({
  path: '/api/admin/dashboard',
  access: 'dashboard.read',
  input: z.object({}),
  data: dashboardFigures,
  summary:
    'Revenue (today, this month, last month, per currency, with the change), refunds, registrations, active and paying members, online devices, traffic, nodes online, open flags, payouts due.',
});

export const consoleDashboardSeries = consoleRead({
  path: '/api/admin/dashboard/series',
  access: 'dashboard.read',
  input: z.object({
    days: z.coerce
      .number(code(Errors.BAD_REQUEST))
      .refine((d) => (DASHBOARD_RANGES as readonly number[]).includes(d), code(Errors.BAD_REQUEST)),
  }),
  data: z.object({ days: z.array(dashboardDay) }),
  summary:
    'Revenue, registrations, active members and traffic per day over the last 30 or 90 days (UTC), oldest first.',
});

export const consoleDashboardEndpoints = { consoleDashboard, consoleDashboardSeries } as const;
