/**
 * Issue 22's converter attacks (`npm run bench -- hostile --only converters`), each against a real server in a child
 * process while /healthz is polled:
 *   1. a DOCX whose pictures and fields link to a local listener and to a local file, through 文件转换 DOCX→PDF —
 *      listener hits and pictures in the PDF (both must be 0);
 *   2. the report's DOCX of twenty picture links to a host that never answers: user A queues three, then user B starts
 *      one conversion and one bid PDF export — how long B waits for each (the report: 205–212 s);
 *   3. the 442-byte PDF with one 200-inch page, and its 300-page version, through PDF→images — time and largest side;
 *   4. kill -9 of the worker while pdftoppm renders — processes and job folders left behind.
 * Prints /healthz p50/p99/max during each, whether the server survived, and every leftover.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';

const { startChild, childApi, childLogin } = await import('../../apps/server/test/child-server.js');
const { exportBid } = await import('../../apps/server/test/export.js');
const { percentiles, watchServer } = await import('../../apps/server/test/security/watch.js');
const { countingListener, hugePagePdf, linkingDocx, processesWith, runningUnder, silentListener } = await import('../../apps/server/test/security/converters.js');
const { tenderDocx } = await import('../../apps/server/test/bid/helpers.js');
const { drawPicture } = await import('../../packages/bid-engine/test/fixtures/pictures.js');

const ms = (n: number) => `${n.toFixed(0)} ms`;

function toolBody(tool: string, name: string, data: Buffer) {
  const boundary = `----btz${randomBytes(12).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tool"\r\n\r\n${tool}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Runs the attacks; resolves with 0 when the server survived them all and nothing leaked, else 1. */
export async function runConverterAttacks(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-conv-'));
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-conv-files-'));
  const child = await startChild(dataDir, { RATE_LIMIT_UPLOAD: '1000/60', RATE_LIMIT_EXPORT: '1000/60' });
  const listener = await countingListener();
  const silent = await silentListener();
  let bad = 0;
  const line = (label: string, took: number, seen: { healthz: number[]; failures: string[] }, extra: string) => {
    const h = percentiles(seen.healthz);
    const ok = h.p99 < 500;
    if (!ok) bad++;
    console.log(`${label}: ${ms(took)}  ${extra}\n  /healthz  n=${h.n}  p50 ${ms(h.p50)}  p99 ${ms(h.p99)}  max ${ms(h.max)}${ok ? '  ✓ p99 < 500 ms' : '  ✗ p99 ≥ 500 ms'}` + (seen.failures.length ? `\n  failures: ${seen.failures.slice(0, 3).join(' | ')}` : ''));
  };
  try {
    const a = await childLogin(child);
    const b = await childLogin(child);
    const start = async (token: string, tool: string, name: string, data: Buffer): Promise<string> => {
      const r = await childApi(child, '/btz/filetools/upload', { token, ...toolBody(tool, name, data) });
      if (!r.json?.success) throw new Error(`upload refused: ${r.text.slice(0, 200)}`);
      return r.json.data.id as string;
    };
    const finished = async (token: string, id: string) => {
      for (;;) {
        const d = (await childApi(child, '/btz/filetools/detail', { token, query: { id } })).json.data;
        if (d.state === 'done' || d.state === 'failed') return d as { id: string; state: string; error: string | null };
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const fileOf = async (token: string, id: string, index = 1) => (await childApi(child, '/btz/filetools/file', { token, query: { id, index: String(index) } })).bytes;
    const pdfImages = (pdf: Buffer) => {
      const f = path.join(scratch, `${randomBytes(4).toString('hex')}.pdf`);
      writeFileSync(f, pdf);
      return execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim()).length;
    };

    // ------------------------------------------------------------------------------------ 1: links to a listener
    const secret = path.join(scratch, 'secret.png');
    writeFileSync(secret, drawPicture(5, 400, 300));
    const linking = await linkingDocx({ images: [listener.url('/img.png'), `file://${secret}`, `http://127.0.0.1:${new URL(child.url).port}/healthz`], includePicture: listener.url('/field.png'), includeText: listener.url('/text.txt') });
    {
      const watch = watchServer(child.url);
      const t0 = performance.now();
      const run = await finished(a, await start(a, 'docx-pdf', '外链.docx', linking));
      const took = performance.now() - t0;
      const images = run.state === 'done' ? pdfImages(await fileOf(a, run.id)) : -1;
      if (listener.hits() || images > 0) bad++;
      line(`1. DOCX linking to a listener, a local file and /healthz → 文件转换 PDF (${linking.length} B)`, took, await watch.stop(), `→ ${run.state}, listener hits ${listener.hits()}, pictures in the PDF ${images}`);
    }

    // ------------------------------------------------------------------------------------ 2: twenty dead links hold the slot
    {
      const dead = await linkingDocx({ images: Array.from({ length: 20 }, (_, i) => silent.url(`/dead-${i}.png`)) });
      const up = await childApi(child, '/btz/bid/upload-tender', { token: b, ...(await uploadTender(await tenderDocx())) });
      const bidId = up.json.data.bidId as string;
      for (;;) {
        const d = (await childApi(child, '/btz/bid/detail', { token: b, query: { id: bidId } })).json.data;
        if (d.parse.state === 'done' || d.parse.state === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const g = await childApi(child, '/btz/bid/outline/generate', { token: b, query: { id: bidId } });
      if (!g.json?.success) console.log(`  (outline: ${g.text.slice(0, 120)})`);
      const watch = watchServer(child.url);
      const t0 = performance.now();
      const aRuns = [];
      for (let i = 0; i < 3; i++) aRuns.push(await start(a, 'docx-pdf', `死链${i + 1}.docx`, dead));
      const tb = performance.now();
      const bConv = start(b, 'docx-pdf', '正常.docx', linking).then((id) => finished(b, id)).then((r) => ({ r, wait: performance.now() - tb }));
      const bExport = exportBid((p, o) => childApi(child, p, o), { token: b, id: bidId, format: 'pdf' }).then((r) => ({ ok: r.bytes.subarray(0, 5).toString() === '%PDF-', text: r.text.slice(0, 120), wait: performance.now() - tb }));
      const [conv, exp] = await Promise.all([bConv, bExport]);
      const aDone = await Promise.all(aRuns.map((id) => finished(a, id)));
      const took = performance.now() - t0;
      line(
        '2. user A: 3 × DOCX of 20 dead links; user B: a conversion and a bid PDF export meanwhile',
        took,
        await watch.stop(),
        `→ B's conversion ${conv.r.state} after ${ms(conv.wait)}, B's PDF export ${exp.ok ? 'ok' : exp.text} after ${ms(exp.wait)}; A's runs ${aDone.map((r) => r.state).join('/')}`,
      );
    }

    // ------------------------------------------------------------------------------------ 3: the 200-inch page
    for (const pages of [1, 300]) {
      const pdf = hugePagePdf(200, pages);
      const watch = watchServer(child.url);
      const t0 = performance.now();
      const run = await finished(a, await start(a, 'pdf-images', `大页面${pages}.pdf`, pdf));
      const took = performance.now() - t0;
      let side = 0;
      if (run.state === 'done') {
        const png = await fileOf(a, run.id);
        if (png.subarray(1, 4).toString() === 'PNG') side = Math.max(png.readUInt32BE(16), png.readUInt32BE(20));
        else side = -1; // a zip of pages: the first page's size is not read here
      }
      line(`3. ${pages} page(s) of 200 inches (${pdf.length} B) → PDF→images`, took, await watch.stop(), `→ ${run.state}${run.error ? ` (${run.error})` : ''}${side > 0 ? `, largest side ${side} px` : ''}`);
    }

    // ------------------------------------------------------------------------------------ 4: kill -9 of the worker
    {
      const watch = watchServer(child.url);
      const t0 = performance.now();
      const id = await start(a, 'pdf-images', '慢.pdf', hugePagePdf(200, 300));
      let found: { worker: number; input: string } | null = null;
      while (!found && performance.now() - t0 < 120_000) {
        found = runningUnder('pdftoppm', child.proc.pid!);
        if (!found) await new Promise((r) => setTimeout(r, 100));
      }
      if (!found) throw new Error('pdftoppm never started');
      process.kill(found.worker, 'SIGKILL');
      const run = await finished(a, id);
      await new Promise((r) => setTimeout(r, 1000));
      const left = processesWith(found.input).length;
      const folder = existsSync(path.dirname(found.input));
      if (left || folder) bad++;
      line('4. kill -9 of the worker while pdftoppm renders', performance.now() - t0, await watch.stop(), `→ run ${run.state} 「${run.error}」; pdftoppm left ${left}, job folder left ${folder ? 'yes' : 'no'}`);
    }

    const alive = child.proc.exitCode === null && (await fetch(`${child.url}/healthz`).then((r) => r.ok).catch(() => false));
    if (!alive) bad++;
    const root = path.join(os.tmpdir(), 'btz-jobs');
    const folders = existsSync(root) ? readdirSync(root).filter((w) => processesWith(`btz-jobs/${w}/`).length === 0 && readdirSync(path.join(root, w)).length > 0) : [];
    const strays = processesWith('btz-jobs/').filter((l) => !l.includes('vitest')).length;
    console.log(`server survived: ${alive ? 'yes' : 'NO'}; listener hits in all: ${listener.hits()}; converter processes still running: ${strays}; non-empty job folders without a process: ${folders.length}`);
  } finally {
    child.proc.kill('SIGTERM');
    await child.exited;
    await listener.close();
    await silent.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
  return bad ? 1 : 0;
}

async function uploadTender(data: Buffer) {
  const { multipartBody } = await import('../../apps/server/test/harness.js');
  const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data }, fields: { bidType: 1 } });
  return { body, headers: { 'content-type': contentType } };
}
