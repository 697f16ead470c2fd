/**
 * Issue 22, findings 5 and 6 — the storage attacks of `npm run bench -- hostile` (alone: `-- hostile --only storage`):
 *   1. six parallel 3.4 MB picture uploads to 资料库: reading processes at once, their RSS, /healthz p50/p99/max while
 *      they run, then the clients leave (the upload page deletes its unsaved draft) and what work is left 3 s later;
 *   2. 20.9 MB through every upload path (tenders, pictures, extraction, 资料库, 知识库, 查重, 暗标 check, file tools) under
 *      a 1 MB quota: accepted / refused per path and the bytes in storage against the quota.
 * Each attack runs a real server in a child process (from the sources, as the API tests do) with a data directory of its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

const { startChild, childApi, childLogin } = await import('../../apps/server/test/child-server.js');
const { multipartBody } = await import('../../apps/server/test/harness.js');
const { percentiles, watchServer } = await import('../../apps/server/test/security/watch.js');
const { buildTenderDocx } = await import('../../packages/bid-engine/test/fixtures/build.js');

type Child = Awaited<ReturnType<typeof startChild>>;
/** a loaded machine may take minutes to start a server from the sources */
const START_MS = 300_000;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A 3300×2300 JPEG (~3.4 MB): a noisy scan with certificate text on every line, distinct per seed. */
async function scanJpeg(seed: number): Promise<Buffer> {
  const w = 3300;
  const h = 2300;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const img = ctx.createImageData(w, h);
  for (let i = 0; i < img.data.length; i += 4) {
    const v = 200 + Math.floor(rnd() * 55);
    img.data[i] = v;
    img.data[i + 1] = v - 10;
    img.data[i + 2] = v - 20;
    img.data[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  ctx.fillStyle = '#111';
  ctx.font = '48px sans-serif';
  for (let y = 120; y < h; y += 90) ctx.fillText(`营业执照 统一社会信用代码 91320500608276123X 第 ${seed} 号 有效期至 2030年6月30日`, 80, y);
  return c.encode('jpeg', 90);
}

/** The reading processes of the server: its children running the worker entry, with their summed RSS. */
function readers(serverPid: number): { count: number; rssMb: number } {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'rss=,args=', '--ppid', String(serverPid)], { encoding: 'utf8' });
  } catch {
    return { count: 0, rssMb: 0 };
  }
  const lines = out.split('\n').filter((l) => /workers\/(entry\.ts|worker\.js)/.test(l));
  return { count: lines.length, rssMb: Math.round(lines.reduce((n, l) => n + Number(l.trim().split(/\s+/)[0]), 0) / 1024) };
}

function upload(c: Child, token: string, apiPath: string, file: { name: string; data: Buffer }, fields: Record<string, string | number> = {}, query?: Record<string, string>) {
  const { body, contentType } = multipartBody({ file, fields });
  return childApi(c, apiPath, { token, body, query, headers: { 'content-type': contentType } });
}

function report(label: string, seen: Awaited<ReturnType<ReturnType<typeof watchServer>['stop']>>, survived: boolean, extra: string[]) {
  const h = percentiles(seen.healthz);
  console.log(
    `${label}\n` +
      `  /healthz  n=${h.n}  p50 ${ms(h.p50)}  p99 ${ms(h.p99)}  max ${ms(h.max)}${h.p99 < 500 ? '  ✓ p99 < 500 ms' : '  ✗ p99 ≥ 500 ms'}\n` +
      extra.map((l) => `  ${l}\n`).join('') +
      `  server survived: ${survived ? 'yes' : 'NO'}` +
      (seen.failures.length ? `\n  failures: ${seen.failures.slice(0, 3).join(' | ')}` : ''),
  );
}

const alive = (c: Child) => c.proc.exitCode === null && c.proc.signalCode === null;

async function withServer(env: Record<string, string>, fn: (c: Child, token: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-storage-'));
  const c = await startChild(dataDir, env, { startMs: START_MS });
  try {
    await fn(c, await childLogin(c));
  } finally {
    c.proc.kill('SIGTERM');
    await c.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 1. Six parallel 3.4 MB pictures to 资料库, then the clients leave. */
async function databankPictures(): Promise<void> {
  await withServer({}, async (c, token) => {
    const pictures = await Promise.all(Array.from({ length: 6 }, (_, i) => scanJpeg(i + 1)));
    const pid = c.proc.pid!;
    let most = 0;
    let peakRss = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const r = readers(pid);
        most = Math.max(most, r.count);
        peakRss = Math.max(peakRss, r.rssMb);
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    const watch = watchServer(c.url, { token, apiPath: '/btz/databank/list', query: { current: '1', size: '10' } });
    const t0 = performance.now();
    const answers = await Promise.all(pictures.map((data, i) => upload(c, token, '/btz/databank/upload', { name: `执照扫描${i + 1}.jpg`, data })));
    const answered = performance.now() - t0;
    const ids = answers.filter((a) => a.json?.success).map((a) => a.json.data.id as string);
    // the clients stay 90 s (or until every draft is read), then leave: the upload page deletes an unsaved draft
    const stateOf = async (id: string) => (await childApi(c, '/btz/databank/draft', { token, query: { id } })).json?.data?.readState as string;
    const stay = 90_000;
    const end = Date.now() + stay;
    let states: string[] = [];
    while (Date.now() < end) {
      states = await Promise.all(ids.map(stateOf));
      if (states.every((s) => s === 'done' || s === 'failed')) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    const read = states.filter((s) => s === 'done' || s === 'failed').length;
    for (const id of ids) await childApi(c, '/btz/databank/delete', { token, query: { id } });
    await new Promise((res) => setTimeout(res, 3000));
    const left = readers(pid);
    sampling = false;
    await sampler;
    report(
      `资料库: six parallel ${mb(pictures[0]!.length)} pictures (3300×2300 JPEG; DATABANK_READ_CONCURRENCY default 1, OCR_MAX_PIXELS default 4,000,000)`,
      await watch.stop(),
      alive(c),
      [
        `uploads answered in ${ms(answered)} (${ids.length}/6 accepted, reading queued)`,
        `reading processes at once: max ${most}; their RSS: peak ${peakRss} MB`,
        `read while the clients stayed (≤ ${stay / 1000} s): ${read}/6; drafts still queued or reading when they left: ${6 - read}`,
        `after the clients left (drafts deleted) + 3 s: ${left.count} reading processes, ${left.rssMb} MB`,
      ],
    );
  });
}

function storedBytes(dataDir: string): number {
  const root = path.join(dataDir, 'files');
  let n = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/^[0-9a-f]{64}$/.test(e.name)) n += statSync(p).size;
    }
  };
  try {
    walk(root);
  } catch {
    /* nothing stored */
  }
  return n;
}

/** A distinct DOCX of about `bytes` (random Chinese text compresses little). */
async function bulkyDocx(seed: number, bytes: number): Promise<Buffer> {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const para = () => Array.from({ length: 2000 }, () => String.fromCharCode(0x4e00 + Math.floor(rnd() * 20000))).join('');
  const blocks = Array.from({ length: Math.ceil(bytes / 3500) }, () => ({ kind: 'p' as const, text: para() }));
  return buildTenderDocx([[{ kind: 'title', text: `第 ${seed} 号文件` }, ...blocks]]);
}

/** 2. 20.9 MB through every upload path under a 1 MB quota. */
async function allPaths(): Promise<void> {
  const quota = 1024 * 1024;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-storage-'));
  const c = await startChild(dataDir, { UPLOAD_QUOTA_BYTES: String(quota) }, { startMs: START_MS });
  try {
    const token = await childLogin(c);
    let seed = 100;
    let attempted = 0;
    const lines: string[] = [];
    const tally: Record<string, { ok: number; refused: number; msg: string; bytes: number }> = {};
    const docx = () => bulkyDocx(++seed, 900_000);
    // each path: the file it takes, and how it is sent
    const paths: Array<[string, () => Promise<Buffer>, (data: Buffer) => Promise<{ json: any }>]> = [
      ['标书 (tender)', docx, (data) => upload(c, token, '/btz/bid/upload-tender', { name: `招标${seed}.docx`, data }, { bidType: 1 })],
      ['图片库', () => scanJpeg(++seed), (data) => upload(c, token, '/btz/picture/upload', { name: `图${seed}.jpg`, data })],
      ['图片提取', docx, (data) => upload(c, token, '/btz/picture/extract/upload', { name: `提取${seed}.docx`, data })],
      ['资料库', docx, (data) => upload(c, token, '/btz/databank/upload', { name: `资料${seed}.docx`, data })],
      ['知识库', docx, (data) => upload(c, token, '/btz/repository/upload', { name: `往期${seed}.docx`, data })],
      [
        '查重',
        docx,
        async (data) => {
          const id = (await childApi(c, '/btz/dupcheck/create', { token, body: Buffer.from(JSON.stringify({ name: `查重${seed}` })), headers: { 'content-type': 'application/json' } })).json.data.id;
          return upload(c, token, '/btz/dupcheck/upload', { name: `投标${seed}.docx`, data }, {}, { id, role: 'bid' });
        },
      ],
      ['暗标检查', docx, (data) => upload(c, token, '/btz/bidcheck/upload', { name: `暗标${seed}.docx`, data }, { kind: 'anonymity' })],
      ['文件工具', docx, (data) => upload(c, token, '/btz/filetools/upload', { name: `清除${seed}.docx`, data }, { tool: 'clean' })],
    ];
    const target = 20.9 * 1024 * 1024;
    // the files are made before the watch starts: making a picture or a DOCX here would stall this process's own polling
    // and be counted as the server's latency
    const planned: Array<[string, Buffer, (data: Buffer) => Promise<{ json: any }>]> = [];
    const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
    for (let made = 0; made < target; ) {
      for (const [name, make, send] of paths.filter(([n]) => !skip.has(n))) {
        if (made >= target) break;
        const data = await make();
        made += data.length;
        planned.push([name, data, send]);
      }
    }
    const watch = watchServer(c.url, { token, apiPath: '/btz/databank/list', query: { current: '1', size: '10' } });
    {
      for (const [name, data, send] of planned) {
        attempted += data.length;
        const t0 = performance.now();
        const r = await send(data);
        if (process.env.BENCH_VERBOSE) console.log(`  ${name} ${(data.length / 1024).toFixed(0)} KiB → ${(performance.now() - t0).toFixed(0)} ms ${r.json?.success ? 'ok' : String(r.json?.msg ?? '').slice(0, 20)}`);
        const row = (tally[name] ??= { ok: 0, refused: 0, msg: '', bytes: 0 });
        row.bytes += data.length;
        if (r.json?.success) row.ok++;
        else {
          row.refused++;
          row.msg ||= String(r.json?.msg ?? '').slice(0, 30);
        }
      }
    }
    for (const [name, row] of Object.entries(tally)) lines.push(`${name}: ${mb(row.bytes)} sent, ${row.ok} accepted, ${row.refused} refused${row.msg ? ` (「${row.msg}…」)` : ''}`);
    await new Promise((res) => setTimeout(res, 3000)); // jobs write their outputs
    const stored = storedBytes(dataDir);
    report(`20.9 MB through every upload path under a ${mb(quota)} quota (UPLOAD_QUOTA_BYTES)`, await watch.stop(), alive(c), [
      ...lines,
      `attempted ≈ ${mb(attempted)}; bytes in storage ${mb(stored)} against the quota ${mb(quota)}${stored <= quota ? '  ✓ within the quota' : '  ✗ over the quota'}`,
    ]);
  } finally {
    c.proc.kill('SIGTERM');
    await c.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--attack databank` or `--attack ledger` runs one of the two (a loaded machine may need them apart). */
export async function runStorageAttacks(args: string[] = []): Promise<void> {
  const i = args.indexOf('--attack');
  const which = i >= 0 ? args[i + 1] : null;
  console.log('--- storage (issue 22: 资料库 reading, storage ledger) ---');
  if (!which || which === 'databank') await databankPictures();
  if (!which || which === 'ledger') await allPaths();
}
