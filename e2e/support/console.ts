/**
 * The operator console in e2e (issue 21): staff made the way an operator makes them, with
 * `npm run admin -- staff add` against the running server, enrolled through the contract's public
 * endpoints or the enrolment page, and TOTP codes computed here with `otpauth` from the secret the
 * enrolment showed (./authenticator.ts). Only the contract (contract/endpoints/console.ts) is assumed of the server.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  consoleEnrolFinish,
  consoleEnrolStart,
  consoleSignIn,
  type StaffRole,
} from '../../contract/endpoints/console';
import { SUCCESS_CODE } from '../../contract/errors';
import { adminCli } from './admin-cli';
import { Authenticator } from './authenticator';
import type { I18n } from './i18n';

export const STAFF_PASSWORD = 'console-pass-2026!';

/** A fresh staff username (the contract's pattern: a letter, then 2-31 of [A-Za-z0-9._-]). */
export function staffName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export interface EnrolledStaff {
  readonly username: string;
  readonly role: StaffRole;
  readonly password: string;
  readonly authenticator: Authenticator;
  readonly recoveryCodes: readonly string[];
}

/** `npm run admin -- staff add`: the enrolment link's path (`/admin/enrol/<token>`). */
export async function addStaffByCli(username: string, role: StaffRole): Promise<string> {
  const out = await adminCli(['staff', 'add', username, '--role', role]);
  const url = /https?:\/\/\S+\/admin\/enrol\/[A-Za-z0-9_-]{43}/.exec(out)?.[0];
  if (!url) throw new Error(`no enrolment link in: ${out}`);
  return new URL(url).pathname;
}

export const tokenOf = (enrolPath: string) => enrolPath.split('/').pop()!;

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(SUCCESS_CODE);
  return body.data;
}

/** A staff member added by the CLI and enrolled through the public endpoints. */
export async function enrolledStaff(
  request: APIRequestContext,
  role: StaffRole,
  prefix: string = role,
): Promise<EnrolledStaff> {
  const username = staffName(prefix);
  const token = tokenOf(await addStaffByCli(username, role));
  const { secret } = await post<{ secret: string }>(request, consoleEnrolStart.path, { token });
  const authenticator = new Authenticator(secret);
  const { recoveryCodes } = await post<{ recoveryCodes: string[] }>(
    request,
    consoleEnrolFinish.path,
    { token, password: STAFF_PASSWORD, code: await authenticator.code() },
  );
  return { username, role, password: STAFF_PASSWORD, authenticator, recoveryCodes };
}

/** The main landmark of the page (a console section's content, below its menu). */
export const main = (page: Page) => page.getByRole('main');

/** Signs in through the page's own request context, so the session cookie is the browser's. */
export async function signInByApi(page: Page, staff: EnrolledStaff): Promise<void> {
  await post(page.request, consoleSignIn.path, {
    username: staff.username,
    password: staff.password,
    code: await staff.authenticator.code(),
  });
}

/** The sign-in form of /admin/login, filled in and sent. */
export async function signInThroughForm(
  page: Page,
  i18n: I18n,
  staff: { username: string; password: string },
  code: string,
  { recovery = false } = {},
): Promise<void> {
  await page.getByLabel(i18n.t('Username')).fill(staff.username);
  await page.getByLabel(i18n.t('Password'), { exact: true }).fill(staff.password);
  if (recovery) {
    await page.getByRole('button', { name: i18n.t('Use a recovery code') }).click();
    await page.getByLabel(i18n.t('Recovery code')).fill(code);
  } else {
    await page.getByLabel(i18n.t('Authenticator code')).fill(code);
  }
  await page.getByRole('button', { name: i18n.t('Sign in'), exact: true }).click();
}

/**
 * Moves the browser session's second factor back past the step-up window through the dev route
 * (server/console/console-dev-routes.ts), so the next money action meets the server's real
 * STEP_UP_REQUIRED, as it would 5 minutes after sign-in.
 */
export async function ageSecondFactor(page: Page): Promise<void> {
  const response = await page.request.post('/dev/console/second-factor-age');
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Ages the second factor (ageSecondFactor) and returns the statuses of the answers the page gets
 * from `endpoint` from then on, in order (the list fills as they come): a guarded action's are the
 * server's real STEP_UP_REQUIRED (403) and then, past the step-up, the retry's 200.
 */
export async function ageSecondFactorAndRecord(
  page: Page,
  endpoint: { readonly path: string },
): Promise<number[]> {
  await ageSecondFactor(page);
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(endpoint.path)) statuses.push(response.status());
  });
  return statuses;
}

/** Presses `action` (a translated label) in the confirmation dialog open on the page; it closes. */
export async function confirmAlert(page: Page, action: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Answers the "Confirm it's you" dialog a guarded action opens (the step-up): it is shown, takes
 * `staff`'s current authenticator code and is confirmed. Returns the dialog, for what follows.
 */
export async function confirmStepUp(page: Page, i18n: I18n, staff: EnrolledStaff) {
  const stepUp = page.getByRole('dialog', { name: i18n.t("Confirm it's you") });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel(i18n.t('Authenticator code')).fill(await staff.authenticator.code());
  await stepUp.getByRole('button', { name: i18n.t('Confirm') }).click();
  return stepUp;
}

/** The page is kept out of search engines. */
export async function expectNoindex(page: Page): Promise<void> {
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
}

/**
 * A role kept out of a section: opening `path` shows the forbidden page, and the console's menu has
 * no link named `section` (the English source of its label).
 */
export async function expectSectionClosed(
  page: Page,
  i18n: I18n,
  path: string,
  section: string,
): Promise<void> {
  await page.goto(path);
  await expect(
    page.getByRole('heading', { name: i18n.t('Your role cannot open this section.') }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: i18n.t('Console') })
      .getByRole('link', { name: i18n.t(section) }),
  ).toHaveCount(0);
}

/** Opens a console section as the signed-in staff member: kept out of search engines, its heading. */
export async function openSection(
  page: Page,
  i18n: I18n,
  path: string,
  heading: string,
): Promise<void> {
  await page.goto(path);
  await expectNoindex(page);
  await expect(
    page.getByRole('main').getByRole('heading', { name: i18n.t(heading), level: 1 }),
  ).toBeVisible();
}

/** A staff member of `role`, added by the CLI, enrolled and signed in on the page. */
export async function signedInStaff(
  page: Page,
  request: APIRequestContext,
  role: StaffRole,
): Promise<EnrolledStaff> {
  const staff = await enrolledStaff(request, role);
  await signInByApi(page, staff);
  return staff;
}

/** Finds a member by their ID on the members page and opens their record. */
export async function openMember(page: Page, i18n: I18n, userId: number): Promise<void> {
  await page.goto('/admin/users');
  await main(page).getByLabel(i18n.t('User ID, username, email or phone')).fill(String(userId));
  await main(page)
    .getByRole('button', { name: i18n.t('Search') })
    .click();
  await main(page)
    .getByRole('button', { name: i18n.t('Open member {0}', { 0: userId }) })
    .click();
  await expect(
    main(page).getByRole('heading', { name: i18n.t('Member {userId}', { userId }) }),
  ).toBeVisible();
}

/** Extends the open record's membership by `days`, with `reason`, through the dialog. */
export async function extendMembership(page: Page, i18n: I18n, days: number, reason: string) {
  await main(page)
    .getByRole('button', { name: i18n.t('Extend membership') })
    .click();
  const extend = page.getByRole('alertdialog');
  await extend.getByLabel(i18n.t('Days')).fill(String(days));
  await extend.getByLabel(i18n.t('Reason')).fill(reason);
  await extend.getByRole('button', { name: i18n.t('Extend'), exact: true }).click();
  await expect(extend).toHaveCount(0);
}

/** A fresh staff member of `role` signed in on the page, with the console section at `path` open. */
export async function openSectionAs(
  page: Page,
  request: APIRequestContext,
  i18n: I18n,
  role: StaffRole,
  path: string,
  heading: string,
): Promise<EnrolledStaff> {
  const staff = await signedInStaff(page, request, role);
  await openSection(page, i18n, path, heading);
  return staff;
}
