// Shared by the npm scripts: repo paths, the source hash that decides whether a build is stale, and process helpers.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
export const webDist = path.join(root, 'apps/web/dist');
export const stampFile = path.join(root, 'apps/server/dist/.build-stamp');

const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'apps/web/public', 'packages/shared/src', 'packages/bid-engine/src'];
const SOURCE_FILES = ['apps/web/index.html', 'apps/web/vite.config.ts', 'package-lock.json'];

function walk(dir, out) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (!/\.test\.tsx?$/.test(name)) out.push(p);
  }
}

/** Hash of everything a build is made from (content, not mtimes: a fresh clone has new mtimes). */
export function sourceHash() {
  const files = [];
  for (const d of SOURCE_DIRS) walk(path.join(root, d), files);
  for (const f of SOURCE_FILES) if (existsSync(path.join(root, f))) files.push(path.join(root, f));
  const h = createHash('sha256');
  for (const f of files) h.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 16);
}

export function isBuildFresh() {
  return (
    existsSync(stampFile) &&
    existsSync(path.join(serverDist, 'main.js')) &&
    existsSync(path.join(serverDist, 'worker.js')) &&
    existsSync(path.join(webDist, 'index.html')) &&
    readFileSync(stampFile, 'utf8').trim() === sourceHash()
  );
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
