/**
 * 查重 under attack (issue 25): what a hostile upload does to the server while a duplicate check runs.
 *   1. ten identical bids (the same text, one hand's ring of ten): every pair shares every sentence — the report must
 *      stay bounded (listing capped per pair) and /healthz fast;
 *   2. ten bids of one sentence repeated thousands of times, and phone, ID and account look-alikes by the thousand
 *      (the LSH buckets, the identity patterns).
 * Prints the check's time and state, the size of its detail answer, and /healthz p50 / p99 / max while it ran.
 *
 *   npm run bench -- hostile --only dup [--full]   (--full: 300-page bids; default 60 pages)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function hostileDup(args: string[]): Promise<void> {
  const pages = args.includes('--full') ? 300 : 60;
  const { startChild, childApi, childLogin } = await import('../../apps/server/test/child-server.js');
  const { multipartBody } = await import('../../apps/server/test/harness.js');
  const { percentiles, watchServer } = await import('../../apps/server/test/security/watch.js');
  const { bidParagraph, buildBidDocx, dupMeta, rng } = await import('../../packages/bid-engine/test/fixtures/dup-bids.js');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-hostile-dup-'));
  const child = await startChild(dataDir, {});
  try {
    const token = await childLogin(child);
    const list = { token, apiPath: '/btz/dupcheck/list', query: { current: '1', size: '10' } };
    const run = async (label: string, bids: Buffer[]) => {
      const id = (await childApi(child, '/btz/dupcheck/create', { token, body: Buffer.from(JSON.stringify({ name: label.slice(0, 60) })), headers: { 'content-type': 'application/json' } })).json.data.id as string;
      for (const [n, data] of bids.entries()) {
        const { body, contentType } = multipartBody({ file: { name: `投标${n + 1}.docx`, data } });
        const up = await childApi(child, '/btz/dupcheck/upload', { token, query: { id, role: 'bid' }, body, headers: { 'content-type': contentType } });
        if (!up.json?.success) throw new Error(`upload refused: ${up.text.slice(0, 200)}`);
      }
      const watch = watchServer(child.url, list);
      const t0 = performance.now();
      await childApi(child, '/btz/dupcheck/start', { token, query: { id } });
      let detail: { json: any; text: string };
      for (;;) {
        detail = await childApi(child, '/btz/dupcheck/detail', { token, query: { id } });
        const state = detail.json?.data?.state;
        if (state === 'done' || state === 'failed' || performance.now() - t0 > 900_000) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const took = performance.now() - t0;
      const seen = await watch.stop();
      const h = percentiles(seen.healthz);
      const d = detail.json?.data;
      const alive = (await childApi(child, '/btz/dupcheck/list', { token, query: { current: '1', size: '1' } })).json?.success === true;
      console.log(
        `${label}: ${(took / 1000).toFixed(1)} s → ${d?.state}${d?.error ? `（${d.error}）` : ''}，详情 ${(Buffer.byteLength(detail.text) / 1024 / 1024).toFixed(1)} MB，` +
          `雷同句列出 ${d?.report?.pairs?.reduce((n: number, p: { sentences: unknown[] }) => n + p.sentences.length, 0) ?? 0} 句，围标 ${d?.report?.rings?.length ?? 0} 组\n` +
          `  /healthz  n=${h.n}  p50 ${h.p50.toFixed(0)} ms  p99 ${h.p99.toFixed(0)} ms  max ${h.max.toFixed(0)} ms${h.max < 100 ? '  ✓ < 100 ms' : '  ✗ ≥ 100 ms'}；服务${alive ? '存活' : '无响应'}` +
          (seen.failures.length ? `\n  failures: ${seen.failures.slice(0, 3).join(' | ')}` : ''),
      );
    };

    // 1. ten identical bids of `pages` pages (≈ 1,800 characters a page)
    const r = rng(11);
    const paras: string[] = [];
    for (let chars = 0; chars < pages * 1800; ) {
      const p = bidParagraph(r, 5);
      paras.push(p);
      chars += p.length;
    }
    const same = await buildBidDocx([{ kind: 'h1', text: '技术方案' }, ...paras.map((text) => ({ kind: 'p' as const, text }))], dupMeta({ author: '同一人' }));
    await run(`十份完全相同的 ${pages} 页投标文件`, Array.from({ length: 10 }, () => same));

    // 2. one sentence repeated, and identity look-alikes by the thousand
    const repeated = Array.from({ length: 3000 }, (_, i) => `项目经理每日组织班前会并记录在案。联系电话：139${String(10000000 + i).slice(-8)}，账号：6222${String(i).padStart(12, '0')}。`);
    const flood = await Promise.all(
      Array.from({ length: 10 }, (_, k) => buildBidDocx([{ kind: 'p', text: `投标人：第${k}号测试工程有限公司。法定代表人：周志强。` }, ...repeated.map((text) => ({ kind: 'p' as const, text }))], dupMeta({ author: `作者${k}` }))),
    );
    await run('十份各含 3000 句重复句与号码的投标文件', flood);
  } finally {
    child.proc.kill('SIGTERM');
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
