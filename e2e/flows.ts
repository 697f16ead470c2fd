import { expect, inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Config } from '../apps/server/src/config.js';
import { startTestServer, uniquePhone, type TestServer } from '../apps/server/test/harness.js';
import { newContext, trackErrors } from './browser.js';
import { waitForJobs } from '../apps/server/test/wait.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's private copy of apps/web/dist (e2e/global-setup.ts) */
    webDist: string;
  }
}

/**
 * Generous waits for what the screen does: the suite must pass on a loaded 2-core machine. Background work a screen
 * shows (a parse, a writing, a file tool's run) is not waited for with these but followed with `jobStartedBy` /
 * apps/server/test/wait.ts; the screen then only has to render what the job left.
 */
export const WAIT = 20_000;

export const ADMIN_TOKEN = 'Admin-Token';

/** The real server in-process (fresh database) serving the run's private copy of the web app (see global-setup.ts). */
export function startE2eServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  return startTestServer({ webDist: inject('webDist'), ...overrides });
}

/** Waits until the locator is on screen (Playwright's own auto-waiting). */
export async function visible(locator: Locator, timeout = WAIT): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until the page's path (without query) is `pathname`. */
export async function onPath(page: Page, pathname: string, timeout = WAIT): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname, { timeout });
}

/** The Admin-Token cookie the browser holds for the server's origin, if any. */
export async function tokenCookie(context: BrowserContext, url: string) {
  return (await context.cookies(url)).find((c) => c.name === ADMIN_TOKEN);
}

/** The last SMS code the console provider logged for a phone, once it is there. */
export async function waitForSmsCode(t: TestServer, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        try {
          code = t.smsCode(phone);
        } catch {
          code = '';
        }
        return code;
      },
      { timeout: WAIT, interval: 100 },
    )
    .toMatch(/^\d{4,8}$/);
  return code;
}

/** The login dialog (antd Modal) once it is open. */
export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: '手机号登录' });
}

/**
 * Phone login through the UI the way a person does it: the dialog must already be open. Fills the phone, asks for the
 * code, reads it from the console SMS provider, ticks the agreement and submits. `beforeSubmit` runs with everything
 * filled in (e.g. for a screenshot).
 */
export async function phoneLoginInDialog(page: Page, t: TestServer, phone: string, beforeSubmit?: () => Promise<void>) {
  const dialog = await visible(loginDialog(page));
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const code = await waitForSmsCode(t, phone);
  // the button turns into the 60 s countdown once the server answered
  await visible(dialog.getByRole('button', { name: /\d+秒后重新获取/ }));
  await dialog.getByPlaceholder('请输入短信验证码').fill(code);
  await dialog.getByRole('checkbox').check();
  if (beforeSubmit) await beforeSubmit();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs a user in through the API and hands the browser the token the way the app stores it (cookie Admin-Token). */
export async function loginByCookie(context: BrowserContext, t: TestServer, phone: string) {
  const tok = await t.login(phone);
  await context.addCookies([{ name: ADMIN_TOKEN, value: tok.access_token as string, url: t.url }]);
  return { token: tok.access_token as string, userId: String(tok.user_id) };
}

/**
 * A desktop browser context logged in as a new user (token cookie), with the suite's waits and a page whose uncaught
 * errors are collected.
 */
export async function loggedInPage(browser: Browser, t: TestServer) {
  const context = await newContext(browser);
  context.setDefaultTimeout(WAIT);
  context.setDefaultNavigationTimeout(WAIT * 2);
  const page = await context.newPage();
  const errors = trackErrors(page);
  const { token, userId } = await loginByCookie(context, t, uniquePhone());
  return { context, page, errors, token, userId };
}

/**
 * Runs `act` (a click, files set on a dragger) and follows the job the answer of `/api{apiPath}` started — by the id in
 * that answer (`data.id` or `data.bidId`) or in the call's query (`?id=`) — until it ended, following its state (apps/server/test/wait.ts).
 * Returns the call's `data`.
 */
export async function jobStartedBy<T = any>(page: Page, t: TestServer, apiPath: string, act: () => Promise<void>): Promise<T> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api${apiPath}`, { timeout: WAIT * 2 });
  await act();
  const response = await answered;
  const answer = await response.json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  const id = String(answer.data?.id ?? answer.data?.bidId ?? new URL(response.url()).searchParams.get('id') ?? '');
  expect(id, JSON.stringify(answer)).not.toBe('');
  await waitForJobs(t, { refId: id, what: `the job started by ${apiPath} (${id})` });
  return answer.data as T;
}
