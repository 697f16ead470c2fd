/**
 * Issue 22, converters and external processes, over HTTP: LibreOffice fetches nothing a DOCX links to (文件转换 and the
 * bid PDF export), pdftoppm renders a 200-inch page within a bounded bitmap, deleting a running PDF→images run leaves no
 * pdftoppm and no job folder, a worker killed with -9 ends its run once with a final Chinese message (no retry) and
 * leaves nothing behind, the PDF export does not wait for conversions, and one user's queue of conversions does not hold
 * another user's back.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidOutlineNode, FileToolRun } from '@btz/shared';
import { DOCUMENT_MESSAGES } from '@btz/bid-engine/reading';
import { MAX_RENDER_SIDE_PX } from '@btz/bid-engine/filetools';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { settled, waitForJob, waitUntil } from '../wait.js';
import { detail, outlinedBid, section } from '../writing/helpers.js';
import { countingListener, hugePagePdf, linkingDocx, longDocx, processesWith, runningUnder } from './converters.js';
import { exportBid } from '../export.js';

let t: TestServer;
let listener: Awaited<ReturnType<typeof countingListener>>;
const scratch = mkdtempSync(path.join(tmpdir(), 'btz-conv-test-'));
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, jobHeartbeatMs: 100, jobStaleMs: 2000 });
  listener = await countingListener();
});
afterAll(async () => {
  await t?.close();
  await listener?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function start(token: string, tool: string, files: { name: string; data: Buffer }[]): Promise<string> {
  const boundary = `----btz${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tool"\r\n\r\n${tool}\r\n`)];
  for (const f of files) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.data, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.api('/btz/filetools/upload', { token, body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.json, res.text).toMatchObject({ success: true });
  return (res.json.data as FileToolRun).id;
}

const detailOf = async (token: string, id: string) => (await t.api('/btz/filetools/detail', { token, query: { id } })).json.data as FileToolRun;

/** Waits for `check` to hold (a condition, not a duration: ../wait.ts). */
const until = waitUntil;

const finished = (token: string, id: string) => waitForJob({ what: `file tool run ${id}`, read: () => detailOf(token, id), until: settled });

/** A running `program` started by a worker of this test's server (which runs in this process). */
const ourRun = (program: string) => runningUnder(program, process.pid);

const imagesIn = (pdf: Buffer) => {
  const file = path.join(scratch, `${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim()).length;
};
const textOf = (pdf: Buffer) => {
  const file = path.join(scratch, `${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
};

describe('LibreOffice reaches neither the network nor the disk', () => {
  it('文件转换 DOCX→PDF: no request to a linked listener, no linked local picture in the PDF, the fields’ cached results kept', async () => {
    const secret = path.join(scratch, 'secret.png');
    writeFileSync(secret, drawPicture(7, 400, 300));
    const docx = await linkingDocx({
      images: [listener.url('/convert-img.png'), `file://${secret}`],
      includePicture: listener.url('/convert-field.png'),
      includeText: listener.url('/convert-text.txt'),
    });
    const { token } = await newUser(t);
    const before = listener.hits();
    const run = await finished(token, await start(token, 'docx-pdf', [{ name: '外链.docx', data: docx }]));
    expect(run.state, run.error ?? '').toBe('done');
    const pdf = (await t.api('/btz/filetools/file', { token, query: { id: run.id, index: 1 } })).bytes;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(listener.hits() - before, listener.paths.join(' ')).toBe(0);
    expect(imagesIn(pdf)).toBe(0);
    const text = textOf(pdf);
    expect(text).toContain('外部链接测试正文');
    expect(text).toContain('缓存图片说明');
    expect(text).toContain('缓存引用文字');
  });

  it('bid PDF export: pictures and links to the listener and to a local file are neither fetched nor embedded', async () => {
    const secret = path.join(scratch, 'secret-export.png');
    writeFileSync(secret, drawPicture(8, 400, 300));
    const { token } = await newUser(t);
    const bidId = await outlinedBid(t, token, 1);
    const leaves = (nodes: BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
    const leaf = leaves((await detail(t, token, bidId)).outline!)[0]!;
    const s = await section(t, token, bidId, leaf.id);
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '链接如下', marks: [{ type: 'link', attrs: { href: listener.url('/export-link') } }] }] },
        { type: 'image', attrs: { src: listener.url('/export-img.png'), alt: '外链图片' } },
        { type: 'image', attrs: { src: `file://${secret}`, alt: '本机图片' } },
      ],
    };
    const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc } });
    const before = listener.hits();
    const res = await exportBid(t.api, { token, id: bidId, format: 'pdf' });
    expect(res.bytes.subarray(0, 5).toString(), `${saved.text} ${res.text.slice(0, 300)}`).toBe('%PDF-');
    expect(listener.hits() - before, listener.paths.join(' ')).toBe(0);
    expect(imagesIn(res.bytes)).toBe(0);
  });
});

describe('pdftoppm is bounded', () => {
  it('a 200-inch page renders within MAX_RENDER_SIDE_PX a side', async () => {
    const { token } = await newUser(t);
    const run = await finished(token, await start(token, 'pdf-images', [{ name: '大页面.pdf', data: hugePagePdf(200) }]));
    expect(run.state, run.error ?? '').toBe('done');
    const png = (await t.api('/btz/filetools/file', { token, query: { id: run.id, index: 1 } })).bytes;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(Math.max(width, height)).toBeLessThanOrEqual(MAX_RENDER_SIDE_PX + 8);
    expect(Math.max(width, height)).toBeGreaterThan(1000);
  });
});

describe('external processes do not outlive their job', () => {
  /** A PDF of 300 pages of 200 inches: pdftoppm works on it for minutes. */
  const slowPdf = () => hugePagePdf(200, 300);

  it('deleting a running PDF→images run kills its pdftoppm and removes its job folder', async () => {
    const { token } = await newUser(t);
    const id = await start(token, 'pdf-images', [{ name: '慢.pdf', data: slowPdf() }]);
    const { input } = await until('pdftoppm running', () => ourRun('pdftoppm'));
    expect(existsSync(input)).toBe(true);
    const del = await t.api('/btz/filetools/delete', { token, query: { id } });
    expect(del.json, del.text).toMatchObject({ success: true });
    await until('pdftoppm gone', () => !processesWith(input).length);
    await until('job folder gone', () => !existsSync(path.dirname(input)));
    expect((await t.api('/btz/filetools/detail', { token, query: { id } })).json).toMatchObject({ success: false });
  });

  it('kill -9 of the worker: the run fails once, with WORKER_CRASHED’s message (no retry), and nothing is left behind', async () => {
    const { token } = await newUser(t);
    const id = await start(token, 'pdf-images', [{ name: '崩溃.pdf', data: slowPdf() }]);
    const { worker, input } = await until('pdftoppm running', () => ourRun('pdftoppm'));
    process.kill(worker, 'SIGKILL');
    const run = await finished(token, id);
    expect(run.state).toBe('failed');
    expect(run.error).toBe(DOCUMENT_MESSAGES.WORKER_CRASHED);
    expect(run.error).not.toMatch(/请重试/);
    const job = await t.server.app.ctx.db.selectFrom('jobs').select(['state', 'attempts']).where('ref_id', '=', id).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'failed', attempts: 1 });
    await until('pdftoppm gone', () => !processesWith(input).length);
    await until('job folder gone', () => !existsSync(path.dirname(input)));
  });
});

describe('LibreOffice is shared fairly', () => {
  it('user A’s queue of long conversions holds back neither a bid PDF export nor user B’s conversion', async () => {
    const A = await newUser(t);
    const B = await newUser(t);
    const bidId = await outlinedBid(t, B.token, 1);
    const long = await longDocx(12_000);
    const aRuns: string[] = [];
    for (let i = 0; i < 4; i++) aRuns.push(await start(A.token, 'docx-pdf', [{ name: `长文档${i + 1}.docx`, data: long }]));
    await until('A’s first conversion in LibreOffice', () => ourRun('soffice'));
    const bRun = await start(B.token, 'docx-pdf', [{ name: '短文档.docx', data: await longDocx(3) }]);
    const aDone = async () => (await Promise.all(aRuns.map((id) => detailOf(A.token, id)))).filter((r) => r.state === 'done' || r.state === 'failed').length;

    // the export is not queued behind A's conversions: it ends before A's queue does (A's first run may end first on a
    // busy machine — the export is a job of its own with its own steps — but never A's second: each takes as long)
    const exp = await exportBid(t.api, { token: B.token, id: bidId, format: 'pdf' });
    expect(exp.bytes.subarray(0, 5).toString(), exp.text.slice(0, 200)).toBe('%PDF-');
    expect(await aDone()).toBeLessThanOrEqual(1);

    // B's conversion waits for at most the one run of A's that holds the slot, not for A's whole queue
    const b = await finished(B.token, bRun);
    expect(b.state, b.error ?? '').toBe('done');
    expect(await aDone()).toBeLessThanOrEqual(1);
  });
});
