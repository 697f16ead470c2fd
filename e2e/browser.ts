import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHOTS = path.join(root, '.test-artifacts/screenshots');

/** Debian's Chromium (CHROMIUM_PATH), headless, offline-friendly flags; *.localhost hosts reach this machine. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
}

export async function newContext(browser: Browser, opts: { width?: number; height?: number; userAgent?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: opts.width ?? 1920, height: opts.height ?? 1080 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Collects uncaught page errors so a test can assert the app ran cleanly. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
