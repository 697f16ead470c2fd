/**
 * Hostile pictures (issue 22 findings 1 and 2): how the server answers `/healthz` while it is sent
 *   1. the red team's 62-byte GIF (1×1 screen, one 65535×65535 frame) — it used to abort the whole process;
 *   2. a GIF with one 20000×20000 frame — it used to freeze the server 14 s and hold 3 GB;
 *   3. 7000×7000 PNGs (~50 KB each, 196 MB of pixels) from three uploaders at once for `--seconds` (default 20) —
 *      each used to stall the server 2.6–3.6 s on its main thread;
 *   4. the 58-byte BMP declaring 7000×−7000;
 *   5. a section save carrying six 7000×7000 images as data URLs — it used to stall it 12.6 s;
 *   6. 图片提取 of a DOCX with twenty 7000×7000 pictures — it used to cost 26 s of worker CPU (now: the pixel budget).
 * For each: p50 / p99 / max of /healthz, the answers, whether the server is still alive, its RSS. Goal: p99 < 500 ms.
 *
 *   npm run bench -- hostile --only pictures [--seconds 20] [--picture-workers 1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function runHostilePictures(args: string[]): Promise<void> {
  const numArg = (name: string, def: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : def;
  };
  const seconds = numArg('seconds', 20);
  const workers = numArg('picture-workers', 1);
  const { startChild, childApi, childLogin } = await import('../../apps/server/test/child-server.js');
  const { multipartBody, httpRequest } = await import('../../apps/server/test/harness.js');
  const { percentiles, rssMb, watchServer } = await import('../../apps/server/test/security/watch.js');
  const { tenderDocx } = await import('../../apps/server/test/bid/helpers.js');
  const { bmpNoPixels, flatPng, gifFrameBomb } = await import('../../packages/bid-engine/test/fixtures/hostile-images.js');
  const { buildPictureDocx } = await import('../../packages/bid-engine/test/fixtures/pictures.js');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-pictures-'));
  const child = await startChild(dataDir, { PICTURE_WORKERS: String(workers) });
  const alive = async () => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return `✗ server DIED (${child.proc.signalCode ?? child.proc.exitCode})`;
    const h = await httpRequest<{ status?: string }>(child.url, '/healthz').catch(() => null);
    return h?.status === 200 ? '✓ server alive' : '✗ server not answering';
  };
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const attack = async (label: string, run: () => Promise<string>) => {
    const watch = watchServer(child.url);
    const t0 = performance.now();
    let outcome: string;
    try {
      outcome = await run();
    } catch (e) {
      outcome = `threw: ${(e as Error).message.slice(0, 200)}`;
    }
    const took = performance.now() - t0;
    const seen = await watch.stop();
    const h = percentiles(seen.healthz);
    console.log(
      `${label}: ${ms(took)} → ${outcome}\n` +
        `  /healthz  n=${h.n}  p50 ${ms(h.p50)}  p99 ${ms(h.p99)}  max ${ms(h.max)}${h.p99 < 500 ? '  ✓ p99 < 500 ms' : '  ✗ p99 ≥ 500 ms'}` +
        (seen.failures.length ? `  failures: ${seen.failures.length} (${seen.failures[0]?.slice(0, 120)})` : '') +
        `\n  ${await alive()}; server RSS peak ${child.proc.exitCode === null ? rssMb(child.proc.pid!).peak : '?'} MB`,
    );
  };

  try {
    const token = await childLogin(child);
    const upload = async (name: string, data: Buffer) => {
      const { body, contentType } = multipartBody({ file: { name, data } });
      const r = await childApi(child, '/btz/picture/upload', { token, body, headers: { 'content-type': contentType } });
      return r.json?.success ? `${r.json.data.status}` : `refused 「${r.json?.msg ?? r.text.slice(0, 100)}」`;
    };
    console.log(`hostile pictures (PICTURE_WORKERS=${workers}); server RSS after start-up: peak ${rssMb(child.proc.pid!).peak} MB`);
    await attack('1. GIF 62 bytes, 1×1 screen, one 65535×65535 frame', () => upload('动图.gif', gifFrameBomb()));
    await attack('2. GIF with one 20000×20000 frame', () => upload('大帧.gif', gifFrameBomb(20000, 20000)));

    // distinct bytes per upload (a counter after IEND, which decoders ignore), so every one is decoded
    const base = flatPng(7000, 7000, 1);
    let n = 0;
    const nextPng = () => Buffer.concat([base, Buffer.from(`#${n++}`)]);
    await attack(`3. 7000×7000 PNG (${(base.length / 1024).toFixed(0)} KB), 3 parallel uploaders for ${seconds} s`, async () => {
      const end = Date.now() + seconds * 1000;
      const answers = new Map<string, number>();
      await Promise.all(
        [0, 1, 2].map(async () => {
          while (Date.now() < end) {
            const a = await upload(`大图${n}.png`, nextPng());
            answers.set(a, (answers.get(a) ?? 0) + 1);
          }
        }),
      );
      return [...answers].map(([a, k]) => `${k}× ${a}`).join(', ');
    });
    await attack('4. BMP 58 bytes declaring 7000×−7000', () => upload('位图.bmp', bmpNoPixels()));

    // a bid with an outline for the section save
    const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data: await tenderDocx() }, fields: { bidType: 1 } });
    const bidId = (await childApi(child, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } })).json.data.bidId as string;
    let d;
    for (;;) {
      d = (await childApi(child, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
      if (d.parse.state === 'done' || d.parse.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!d.outline?.length) await childApi(child, '/btz/bid/outline/generate', { token, query: { id: bidId } });
    d = (await childApi(child, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
    type N = { id: string; children?: N[] };
    const leaf = (function first(ns: N[]): N {
      const x = ns[0]!;
      return x.children?.length ? first(x.children) : x;
    })(d.outline);
    const sec = (await childApi(child, '/btz/bid/section/get', { token, query: { id: bidId, nodeId: leaf.id } })).json.data;
    const doc = {
      type: 'doc',
      content: Array.from({ length: 6 }, () => ({ type: 'image', attrs: { src: `data:image/png;base64,${nextPng().toString('base64')}` } })),
    };
    await attack('5. section save with six 7000×7000 images', async () => {
      const r = await childApi(child, '/btz/bid/section/save', {
        token,
        query: { id: bidId, nodeId: leaf.id },
        body: Buffer.from(JSON.stringify({ revision: sec.revision, doc })),
        headers: { 'content-type': 'application/json' },
      });
      return r.json?.success ? 'saved' : `refused 「${r.json?.msg ?? r.text.slice(0, 100)}」`;
    });

    const twenty = Array.from({ length: 20 }, (_, i) => ({ page: i + 1, data: flatPng(7000, 7000, 100 + i), type: 'png' as const }));
    const docx = await buildPictureDocx(twenty, 20);
    await attack(`6. 图片提取 of a DOCX (${(docx.length / 1024).toFixed(0)} KB) with twenty 7000×7000 pictures`, async () => {
      const { body: b, contentType: ct } = multipartBody({ file: { name: '二十张大图.docx', data: docx } });
      const up = await childApi(child, '/btz/picture/extract/upload', { token, body: b, headers: { 'content-type': ct } });
      if (!up.json?.success) return `refused 「${up.json?.msg}」`;
      for (;;) {
        const x = (await childApi(child, '/btz/picture/extract/detail', { token, query: { id: up.json.data.id } })).json.data;
        if (x.state === 'done') return `${x.items.length} pictures; notice 「${x.notice ?? ''}」`;
        if (x.state === 'failed') return `failed 「${x.error}」`;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
  } finally {
    child.proc.kill('SIGTERM');
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
