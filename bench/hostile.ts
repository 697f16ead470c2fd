/**
 * Hostile files and large exports (issue 10): how quickly the server answers `/healthz` (and a normal API call) while it
 * works on
 *   1. the report's DOCX bomb (10 MB, document.xml 508 MB at ~51:1) — refused at upload;
 *   2. a DOCX inside the inflation budget that exhausts the parse worker (64 MB of XML, 1.5 million paragraphs);
 *   3. the report's PDF (one FlateDecode stream inflating to 300 MB);
 *   4. the export of a large bid (1,000 sections × 20,000 characters; `--full`: × 200,000, the report's case).
 * Prints p50 / p99 / max of /healthz and of the bid list while each runs, the time it took, and the server's peak RSS.
 * Goal: every /healthz answer under 100 ms.
 *
 *   5. hostile format chapters (bench/lib/hostile-forms.ts): a thousand forms, blank lines of 3,000 characters, a
 *      price form of 5,000 rows — read, then every form part written offline.
 *
 *   npm run bench -- hostile [--full] [--worker-mb 2048] [--export-mb 6144]   (WORKER_MEMORY_MB, EXPORT_MEMORY_MB)
 *   npm run bench -- hostile --only pictures   (hostile pictures only: bench/lib/hostile-pictures.ts)
 *   npm run bench -- hostile --only converters   (issue 22's converter attacks alone: bench/lib/hostile-converters.ts)
 *   npm run bench -- hostile --only storage [--attack databank|ledger]   (the issue 22 storage attacks: bench/lib/hostile-storage.ts)
 *   npm run bench -- hostile --only=forms   (5 alone; written with = since `forms` alone also names the forms bench)
 *
 * The server is a real one in a child process (from the TypeScript sources, as the API tests do), so a regression kills
 * that child and not the bench, and the polling here never shares its event loop. For 4 the child is stopped, the large
 * bid is written straight into its database, and it is started again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const full = args.includes('--full');
const numArg = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const workerMb = numArg('worker-mb', 2048);
const exportMb = numArg('export-mb', 6144);
/** `--only <part>` (or `--only=<part>`) runs one part: `pictures`, `converters`, `storage`, `dup` (bench/lib/hostile-<part>.ts), `forms` (5) */
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? (args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined);
const { runHostilePictures } = await import('./lib/hostile-pictures.js');
const { runConverterAttacks } = await import('./lib/hostile-converters.js');
if (only === 'pictures') {
  await runHostilePictures(args);
  process.exit(0);
}
if (only === 'converters' || only === 'conv') process.exit(await runConverterAttacks());
if (!only || only === 'storage') await (await import('./lib/hostile-storage.js')).runStorageAttacks(args);
// 查重 attacks (bench/lib/hostile-dup.ts): `--only dup` runs them alone; a full run ends with them
if (only === 'dup') await (await import('./lib/hostile-dup.js')).hostileDup(args);
if (only && only !== 'forms') process.exit(0);

const { startChild, childApi, childLogin } = await import('../apps/server/test/child-server.js');
const { multipartBody } = await import('../apps/server/test/harness.js');
const { openPGlite } = await import('../apps/server/src/db/connection.js');
const { bombPdf, heavyDocx, reportDocxBomb } = await import('../apps/server/test/security/bombs.js');
const { percentiles, rssMb, watchServer } = await import('../apps/server/test/security/watch.js');
const { seedLargeBid } = await import('../apps/server/test/security/large-bid.js');
const { tenderDocx } = await import('../apps/server/test/bid/helpers.js');

const ms = (n: number) => `${n.toFixed(0)} ms`;
function report(label: string, took: number, seen: Awaited<ReturnType<ReturnType<typeof watchServer>['stop']>>, extra = '') {
  const h = percentiles(seen.healthz);
  const a = percentiles(seen.api);
  console.log(
    `${label}: ${ms(took)}${extra}\n` +
      `  /healthz  n=${h.n}  p50 ${ms(h.p50)}  p99 ${ms(h.p99)}  max ${ms(h.max)}${h.max < 100 ? '  ✓ < 100 ms' : '  ✗ ≥ 100 ms'}\n` +
      `  bid/list  n=${a.n}  p50 ${ms(a.p50)}  p99 ${ms(a.p99)}  max ${ms(a.max)}` +
      (seen.failures.length ? `\n  failures: ${seen.failures.slice(0, 3).join(' | ')}` : ''),
  );
}


const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-hostile-'));
const env = { WORKER_MEMORY_MB: String(workerMb), EXPORT_MEMORY_MB: String(exportMb) };
let child = await startChild(dataDir, env);
try {
  const token = await childLogin(child);
  const list = { token, apiPath: '/btz/bid/list', query: { current: '1', size: '10' } };
  const upload = (name: string, data: Buffer) => {
    const { body, contentType } = multipartBody({ file: { name, data }, fields: { bidType: 1 } });
    return childApi(child, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
  };
  const settle = async (bidId: string) => {
    for (;;) {
      const d = (await childApi(child, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
      if (d.parse.state === 'done' || d.parse.state === 'failed') return d;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  // ---------------------------------------------------------------------------------------------- 5: hostile forms
  if (!only || only === 'forms') await (await import('./lib/hostile-forms.js')).runFormAttacks({ child, token, list, upload, settle, report });

  // ---------------------------------------------------------------------------------------------- 1–3: hostile files
  const files: Array<[string, string, () => Buffer]> = [
    ['DOCX bomb (report: 10 MB → 508 MB at ~51:1)', '炸弹.docx', reportDocxBomb],
    [`DOCX in budget that exhausts a ${workerMb} MB worker (2.4 MB → 64 MB of XML)`, '超大文档.docx', heavyDocx],
    ['PDF bomb (report: one FlateDecode stream → 300 MB)', '炸弹.pdf', () => bombPdf(300)],
  ];
  for (const [label, name, make] of only ? [] : files) {
    const data = make();
    const watch = watchServer(child.url, list);
    const t0 = performance.now();
    const up = await upload(name, data);
    const outcome = up.json?.success ? `parse ${(await settle(up.json.data.bidId)).parse.state}` : 'upload refused';
    const took = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
    report(label, took, await watch.stop(), `  (${(data.length / 1024 / 1024).toFixed(1)} MB file) → ${outcome}`);
  }
  let rss = rssMb(child.proc.pid!);
  console.log(`server process RSS after the files: peak ${rss.peak} MB, now ${rss.now} MB (WORKER_MEMORY_MB=${workerMb})\n`);

  // ---------------------------------------------------------------------------------------------- 4: a large export
  if (!only) {
  const count = 1000;
  const chars = full ? 200_000 : 20_000;
  const up = await upload('招标文件.docx', await tenderDocx());
  const bidId = up.json.data.bidId as string;
  await settle(bidId);
  child.proc.kill('SIGTERM');
  await child.exited;
  const handle = await openPGlite({ dir: path.join(dataDir, 'pgdata') });
  await seedLargeBid(handle.db, bidId, count, chars);
  await handle.close();
  child = await startChild(dataDir, env);
  const watch = watchServer(child.url, list);
  const t0 = performance.now();
  const { exportBid } = await import('../apps/server/test/export.js');
  const res = await exportBid((p, o) => childApi(child, p, o), { token, id: bidId, format: 'docx' });
  const took = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 500));
  const ok = res.status === 200 && res.bytes.subarray(0, 2).toString() === 'PK';
  report(`export of ${count} sections × ${chars.toLocaleString('en')} characters`, took, await watch.stop(), `  → ${ok ? `${(res.bytes.length / 1024).toFixed(0)} KiB .docx` : res.text.slice(0, 200)}`);
  rss = rssMb(child.proc.pid!);
  console.log(`server process RSS during the export: peak ${rss.peak} MB`);
  }
} finally {
  child.proc.kill('SIGTERM');
  await child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
await runHostilePictures(args);
if (!only) process.exitCode = (await runConverterAttacks()) || process.exitCode || 0;
if (!only) await (await import('./lib/hostile-dup.js')).hostileDup(args);
