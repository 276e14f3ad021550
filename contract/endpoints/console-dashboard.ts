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

/**
 * The figures. The money ones (revenue, refunds, payouts due) are in the answer only for a staff
 * member holding `dashboard.money` (owner, finance); for the others they are left out, not zeroed.
 */
export const dashboardFigures = z.object({
  at: isoDate,
  revenue: z
    .object({
      today: perCurrency,
      thisMonth: perCurrency,
      lastMonth: perCurrency,
      /** This month so far against last month up to the same day, in percent; null without a base. */
      changePercent: z.object({ CNY: z.number().nullable(), USD: z.number().nullable() }),
    })
    .optional(),
  refunds: z.object({ thisMonth: perCurrency }).optional(),
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
  payoutsDue: z.object({ count: z.number().int(), cents: z.number().int() }).optional(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Money received that day: only with `dashboard.money`, like the figures' revenue. */
  revenue: perCurrency.optional(),
  registrations: z.number().int(),
  /** Members whose membership ran at the end of that day. */
  activeMembers: z.number().int(),
  trafficBytes: z.number(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const consoleDashboard = consoleRead({
  path: '/api/admin/dashboard',
  access: 'dashboard.read',
  data: dashboardFigures,
  summary:
    'Registrations, active and paying members, online devices, traffic, nodes online, open flags; with dashboard.money also revenue (today, this month, last month, per currency, with the change), refunds and payouts due.',
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
    'Registrations, active members and traffic (with dashboard.money also revenue per currency) per day over the last 30 or 90 days (UTC), oldest first.',
});

export const consoleDashboardEndpoints = { consoleDashboard, consoleDashboardSeries } as const;
