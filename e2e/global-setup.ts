import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/** Asset files that index.html and the chunks name but that are missing from `dir` (a copy taken mid-build). */
function missingAssets(dir: string): string[] {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index) || !existsSync(path.join(dir, 'builds/latest.json'))) return ['index.html or builds/latest.json'];
  const assets = path.join(dir, 'assets');
  const texts = [readFileSync(index, 'utf8')];
  for (const f of existsSync(assets) ? readdirSync(assets) : []) if (f.endsWith('.js')) texts.push(readFileSync(path.join(assets, f), 'utf8'));
  const named = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/assets\/([\w.-]+\.(?:js|css))/g)) named.add(m[1]!);
    for (const m of text.matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)) named.add(m[1]!);
  }
  return [...named].filter((f) => !existsSync(path.join(assets, f)));
}

/**
 * Browser tests drive the built web app: build it when `npm test` did not (e.g. `npx vitest --project e2e`). The servers
 * serve a private copy of it, so a rebuild of apps/web/dist while the tests run (another terminal, `npm run dev`) cannot
 * pull the assets from under an open page.
 */
export default async function setup(project: { provide(key: 'webDist', value: string): void }) {
  // no browser is a failure with the reason, never a skipped project (scripts/test.mjs installs it where it can)
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`缺少 Chromium（${chromium}），浏览器测试无法运行：apt-get install -y chromium fonts-noto-cjk，或设置 CHROMIUM_PATH`);
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    // @ts-expect-error plain ESM script without types
    const { buildAll } = await import('../scripts/build.mjs');
    await buildAll({ quiet: true });
  }
  const copy = mkdtempSync(path.join(os.tmpdir(), 'btz-e2e-web-'));
  let missing: string[] = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(dist, copy, { recursive: true });
    missing = missingAssets(copy);
    if (!missing.length) break;
    // a build is writing apps/web/dist right now: take the copy again once it is done
    await new Promise((r) => setTimeout(r, 500));
  }
  if (missing.length) throw new Error(`apps/web/dist is incomplete (missing ${missing.slice(0, 5).join(', ')}); run npm run build`);
  project.provide('webDist', copy);
  return () => rmSync(copy, { recursive: true, force: true });
}
