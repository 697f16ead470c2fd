// npm run build: the web app (Vite) and the server (one esbuild bundle), then a stamp of the sources they came from.
import { mkdirSync, writeFileSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';
import { root, run, serverDist, sourceHash, stampFile, webDist } from './lib.mjs';

/** Pre-compressed copies of the hashed assets: the server sends .br/.gz as they are, no compression per request. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|svg|json|html|txt)$/.test(name) || statSync(file).size < 1024) continue;
    const buf = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  const log = (m) => quiet || console.log(m);
  log('› 构建前端（Vite）…');
  // the bundle users get, whoever builds it: Vite takes NODE_ENV from the environment, and the e2e setup runs under
  // Vitest (NODE_ENV=test) — that built React's development bundle, StrictMode included, not the one that ships
  const code = await run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', quiet ? 'warn' : 'info'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (code !== 0) throw new Error('前端构建失败');
  precompress(path.join(webDist, 'assets'));
  log('› 构建服务端（esbuild）…');
  // Third-party packages (of the server and of the workspace packages it bundles) stay in node_modules — PGlite loads its
  // WASM next to itself, pdfjs its cMaps; our workspace code (@btz/*) is bundled.
  const deps = ['apps/server', 'packages/bid-engine', 'packages/shared'].flatMap((dir) =>
    Object.keys(JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).dependencies ?? {}),
  );
  await build({
    // main.js; worker.js: the worker process that reads tender files and exports bids (apps/server/src/workers/pool.ts
    // looks for it beside main.js); pdf-thread.js: the threads that read page ranges of a long PDF (bid-engine
    // reading/pdf-threads.ts looks for it beside the bundle that runs it)
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      worker: path.join(root, 'apps/server/src/workers/entry.ts'),
      'pdf-thread': path.join(root, 'packages/bid-engine/src/reading/pdf-thread.ts'),
    },
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...new Set(deps)].filter((d) => !d.startsWith('@btz/')),
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, sourceHash());
  log(`✓ 构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}
