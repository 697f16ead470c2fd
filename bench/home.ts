/**
 * Home page speed (issue 7): first-load JS of `/` as the browser receives it (compressed bytes on the wire), and Largest
 * Contentful Paint in headless Chromium on localhost. Goals: ≤ 250 KB and ≤ 1 s.
 * Run: npm run bench -- home   (builds the web app first when it is stale)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { buildAll } from '../scripts/build.mjs';
// @ts-expect-error plain ESM script without types
import { isBuildFresh } from '../scripts/lib.mjs';
import { loadConfig } from '../apps/server/src/config.js';
import { startServer } from '../apps/server/src/server.js';

const RUNS = 5;

if (!isBuildFresh()) await buildAll({ quiet: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-home-'));
const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1', dataDir, logLevel: 'warn' }));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lcps: number[] = [];
let jsBytes = 0;
let jsRaw = 0;
let jsFiles = 0;
try {
  for (let i = 0; i < RUNS; i++) {
    // a new context each time: a first visit, nothing cached
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { __lcp: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const m = await page.evaluate(() => {
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || /\.js(\?|$)/.test(e.name)) as PerformanceResourceTiming[];
      return {
        lcp: (window as unknown as { __lcp: number }).__lcp,
        encoded: scripts.reduce((s, e) => s + e.encodedBodySize, 0),
        decoded: scripts.reduce((s, e) => s + e.decodedBodySize, 0),
        files: scripts.length,
      };
    });
    lcps.push(m.lcp);
    if (i === 0) {
      jsBytes = m.encoded;
      jsRaw = m.decoded;
      jsFiles = m.files;
    }
    await context.close();
  }
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  console.log(`home page / on ${server.url} (Chromium headless, ${RUNS} first visits)`);
  console.log(`  first-load JS: ${jsFiles} files, ${kb(jsBytes)} on the wire (compressed), ${kb(jsRaw)} uncompressed — goal ≤ 250 KB`);
  console.log(`  LCP: median ${median(lcps).toFixed(0)} ms (runs: ${lcps.map((x) => x.toFixed(0)).join(', ')} ms) — goal ≤ 1000 ms`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
