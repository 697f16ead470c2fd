/**
 * Bid-file tools over HTTP (issue 15): 元数据清除 and 文件转换 as jobs (progress on the run, results downloadable, a
 * history), uploads sniffed by content, size-capped and zip-bomb guarded with Chinese refusals, runs scoped to their owner,
 * a run whose worker died finishing once after the restart; IP 记录 of sign-ins, uploads and exports, own rows only,
 * and the 警示 when bids of two different bidders were exported from the same IP.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileToolProgressMessage, FileToolRun, IpRecordItem, IpWarning } from '@btz/shared';
import { readDocxMetadata, readPdfMetadata, sharedDocxMetadata } from '@btz/bid-engine/filetools';
import { findSoffice } from '@btz/bid-engine/export';
import { sniffType } from '@btz/bid-engine/reading';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { linkedDocx, pdfWithMetadata } from '../../../../packages/bid-engine/test/filetools/fixtures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { settled, waitForJob } from '../wait.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { outlinedBid } from '../writing/helpers.js';
import { exportBid } from '../export.js';
import { listenAs } from '../realtime/listen.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, jobHeartbeatMs: 100, jobStaleMs: 3000, trustProxy: ['loopback'] });
});
const clients: TestClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

/** A multipart body with several `file` parts (the harness's upload sends one). */
function multipart(files: { name: string; data: Buffer }[], fields: Record<string, string>) {
  const boundary = `----btz${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function start(token: string, tool: string, files: { name: string; data: Buffer }[], headers: Record<string, string> = {}) {
  const { body, contentType } = multipart(files, { tool });
  return t.api('/btz/filetools/upload', { token, body, headers: { ...headers, 'content-type': contentType } });
}

async function run(token: string, id: string): Promise<FileToolRun> {
  return waitForJob({
    what: `file tool run ${id}`,
    read: async () => (await t.api('/btz/filetools/detail', { token, query: { id } })).json.data as FileToolRun,
    until: settled,
  });
}

async function done(token: string, tool: string, files: { name: string; data: Buffer }[]): Promise<FileToolRun> {
  const res = await start(token, tool, files);
  expect(res.json, res.text).toMatchObject({ success: true, data: { tool, state: 'queued', progress: 0 } });
  const d = await run(token, (res.json.data as FileToolRun).id);
  expect(d.state, d.error ?? '').toBe('done');
  return d;
}

const download = (token: string, id: string, index: number) => t.api('/btz/filetools/file', { token, query: { id, index } });

describe('元数据清除', () => {
  it('clears two linked DOCX files so they are no longer linked; PDF Info and XMP go', async () => {
    const { token } = await newUser(t);
    const a = await linkedDocx({ bidder: '甲公司', body: '我方承诺按期完成。' });
    const b = await linkedDocx({ bidder: '乙公司', body: '我方保证质量合格。' });
    expect(sharedDocxMetadata(readDocxMetadata(a), readDocxMetadata(b)).length).toBeGreaterThan(5);
    const ra = await done(token, 'clean', [{ name: '甲公司投标文件.docx', data: a }]);
    const rb = await done(token, 'clean', [{ name: '乙公司投标文件.docx', data: b }]);
    expect(ra.outputs).toEqual([expect.objectContaining({ index: 1, name: '甲公司投标文件-已清除元数据.docx' })]);
    expect(ra.removed).toEqual(expect.arrayContaining(['自定义属性 1 项', '修订标识（RSID） 2 个', '批注及其作者 1 处', '隐藏文字 1 处', '模板路径', '缩略图']));
    expect(ra.progress).toBe(100);
    const fa = await download(token, ra.id, 1);
    expect(fa.headers['content-disposition']).toContain(encodeURIComponent('甲公司投标文件-已清除元数据.docx'));
    const fb = await download(token, rb.id, 1);
    expect(sharedDocxMetadata(readDocxMetadata(fa.bytes), readDocxMetadata(fb.bytes))).toEqual([]);

    const rp = await done(token, 'clean', [{ name: '报价.pdf', data: await pdfWithMetadata() }]);
    const fp = await download(token, rp.id, 1);
    expect(await readPdfMetadata(fp.bytes)).toEqual({ info: {}, xmp: 0, id: null });
    expect(rp.removed).toEqual(expect.arrayContaining(['XMP 元数据 1 段']));

    // the history, newest first, filtered by tool
    const list = (await t.api('/btz/filetools/list', { token, query: { tools: 'clean' } })).json.data;
    expect(list.total).toBe(3);
    expect(list.records.map((r: FileToolRun) => r.inputs[0]!.name)).toEqual(['报价.pdf', '乙公司投标文件.docx', '甲公司投标文件.docx']);
    expect((await t.api('/btz/filetools/list', { token, query: { tools: 'docx-pdf,pdf-images' } })).json.data.total).toBe(0);

    // another user sees none of it
    const other = await newUser(t);
    expect((await t.api('/btz/filetools/list', { token: other.token })).json.data.total).toBe(0);
    expect((await t.api('/btz/filetools/detail', { token: other.token, query: { id: ra.id } })).json).toMatchObject({ code: 400, msg: '记录不存在或已删除' });
    expect((await download(other.token, ra.id, 1)).json).toMatchObject({ code: 400, msg: '记录不存在或已删除' });
    expect((await t.api('/btz/filetools/delete', { token: other.token, query: { id: ra.id } })).json).toMatchObject({ code: 400 });
    // the owner deletes a run from its history
    expect((await t.api('/btz/filetools/delete', { token, query: { id: rp.id } })).json).toMatchObject({ success: true });
    expect((await t.api('/btz/filetools/list', { token, query: { tools: 'clean' } })).json.data.total).toBe(2);
  });

  it('refuses bad files in Chinese: wrong type, a zip bomb, no file, an unknown tool', async () => {
    const { token } = await newUser(t);
    expect((await start(token, 'clean', [{ name: '说明.txt', data: Buffer.from('纯文本文件，不是 Word 或 PDF') }])).json).toMatchObject({ code: 400, msg: '元数据清除仅支持 DOCX 或 PDF 文件' });
    expect((await start(token, 'doc-docx', [{ name: '假的.doc', data: await linkedDocx({ bidder: '甲', body: '乙' }) }])).json).toMatchObject({ code: 400, msg: '请上传 DOC 文件（Word 97-2003 格式）' });
    expect((await start(token, 'images-pdf', [{ name: '假图片.png', data: Buffer.from('%PDF-1.4 not a picture') }])).json).toMatchObject({ code: 400, msg: '请上传图片（PNG、JPEG、GIF、WebP、BMP）' });
    // a DOCX whose document.xml inflates far beyond its budget
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', Buffer.alloc(80 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const refused = await start(token, 'clean', [{ name: '炸弹.docx', data: bomb }]);
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toMatch(/疑似压缩炸弹/);
    expect((await start(token, 'clean', [])).json).toMatchObject({ code: 400, msg: '请选择要处理的文件' });
    expect((await start(token, 'zip-all', [{ name: 'a.pdf', data: await pdfWithMetadata() }])).json).toMatchObject({ code: 400, msg: '请选择处理方式' });
    // a tool whose program is not installed here says so at once (SOFFICE_PATH / PDFTOPPM_PATH naming nothing)
    const saved = { soffice: process.env.SOFFICE_PATH, pdftoppm: process.env.PDFTOPPM_PATH };
    process.env.SOFFICE_PATH = '/nonexistent/soffice';
    process.env.PDFTOPPM_PATH = '/nonexistent/pdftoppm';
    try {
      expect((await start(token, 'docx-pdf', [{ name: 'a.docx', data: await linkedDocx({ bidder: '甲', body: '乙' }) }])).json).toMatchObject({
        code: 400,
        msg: '服务器未安装 LibreOffice，暂不支持该转换，请联系管理员安装后再试',
      });
      expect((await start(token, 'pdf-images', [{ name: 'a.pdf', data: await pdfWithMetadata() }])).json).toMatchObject({
        code: 400,
        msg: '服务器未安装 PDF 渲染组件（poppler-utils），暂不支持 PDF 转图片，请联系管理员安装后再试',
      });
    } finally {
      for (const [k, v] of [['SOFFICE_PATH', saved.soffice], ['PDFTOPPM_PATH', saved.pdftoppm]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    expect((await t.api('/btz/filetools/list', { token })).json.data.total).toBe(0);
  });
});

describe('文件转换', () => {
  it('images → PDF (several files), PDF → one PNG per page, all pages in a ZIP', async () => {
    const { token } = await newUser(t);
    const pdfRun = await done(token, 'images-pdf', [
      { name: '营业执照.png', data: drawPicture(1) },
      { name: '资质证书.png', data: drawPicture(2, 300, 500) },
      { name: '现场.png', data: drawPicture(3) },
    ]);
    expect(pdfRun.inputs.map((f) => f.name)).toEqual(['营业执照.png', '资质证书.png', '现场.png']);
    expect(pdfRun.outputs).toEqual([expect.objectContaining({ name: '营业执照等3张图片.pdf', mime: 'application/pdf' })]);
    const pdf = (await download(token, pdfRun.id, 1)).bytes;
    expect(sniffType(pdf)).toBe('pdf');
    const images = await done(token, 'pdf-images', [{ name: '证照.pdf', data: pdf }]);
    expect(images.outputs.map((f) => f.name)).toEqual(['证照-第1页.png', '证照-第2页.png', '证照-第3页.png']);
    const zip = await t.api('/btz/filetools/zip', { token, query: { id: images.id } });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Object.keys((await JSZip.loadAsync(zip.bytes)).files).sort()).toEqual(['证照-第1页.png', '证照-第2页.png', '证照-第3页.png']);
  });

  it.runIf(findSoffice())('DOCX → PDF → DOCX and DOC → DOCX; a PDF without text fails with a Chinese message and can be retried', async () => {
    const { token } = await newUser(t);
    const r = await done(token, 'docx-pdf', [{ name: '投标文件.docx', data: await linkedDocx({ bidder: '甲公司', body: '我方承诺按期完成。' }) }]);
    const pdf = (await download(token, r.id, 1)).bytes;
    expect(sniffType(pdf)).toBe('pdf');
    const back = await done(token, 'pdf-docx', [{ name: '投标文件.pdf', data: pdf }]);
    expect(sniffType((await download(token, back.id, 1)).bytes)).toBe('docx');
    // a DOC through LibreOffice
    const doc = await done(token, 'doc-docx', [{ name: '招标文件.doc', data: readFileSync(new URL('../../../../packages/bid-engine/test/fixtures/tender.doc', import.meta.url)) }]);
    expect(doc.outputs[0]!.name).toBe('招标文件.docx');
    expect(sniffType((await download(token, doc.id, 1)).bytes)).toBe('docx');
    // a PDF of pictures only has no text to make a Word file of: fails with the reason, and may be retried
    const scanned = (await download(token, (await done(token, 'images-pdf', [{ name: '扫描件.png', data: drawPicture(5) }])).id, 1)).bytes;
    const up = await start(token, 'pdf-docx', [{ name: '扫描件.pdf', data: scanned }]);
    expect(up.json, up.text).toMatchObject({ success: true });
    const failed = await run(token, up.json.data.id);
    expect(failed).toMatchObject({ state: 'failed', error: 'PDF 中没有可提取的文字（可能是扫描件），无法转换为 Word' });
    const again = await t.api('/btz/filetools/retry', { token, query: { id: failed.id } });
    expect(again.json).toMatchObject({ success: true, data: { state: 'queued' } });
    expect((await run(token, failed.id)).state).toBe('failed');
    expect((await t.api('/btz/filetools/retry', { token, query: { id: r.id } })).json).toMatchObject({ code: 400, msg: '只有失败的任务可以重试' });
  });

  it('a run whose worker died (stale heartbeat) is re-queued and finishes exactly once', async () => {
    const { token } = await newUser(t);
    const res = await start(token, 'images-pdf', [{ name: '照片.png', data: drawPicture(7) }]);
    const first = await run(token, res.json.data.id);
    expect(first.state).toBe('done');
    const db = t.server.db.db;
    const row = await db.selectFrom('file_tool_runs').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    const jobId = '9' + row.job_id!.slice(1);
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: 'file-tool',
        tenant_id: row.tenant_id,
        user_id: row.user_id,
        ref_id: row.id,
        state: 'running',
        attempts: 1,
        locked_by: 'dead-host:4242:abcdef',
        locked_at: sql<Date>`now() - interval '10 minutes'`,
        heartbeat_at: sql<Date>`now() - interval '10 minutes'`,
        payload: JSON.stringify({ runId: row.id }),
      })
      .execute();
    await db.updateTable('file_tool_runs').set({ job_id: jobId, state: 'running', progress: 40, outputs: '[]' }).where('id', '=', row.id).execute();
    const d = await run(token, first.id);
    expect(d).toMatchObject({ state: 'done', progress: 100 });
    expect(d.outputs).toHaveLength(1);
    // the run's row is written inside the job; the job's own row is closed just after it
    const job = await waitForJob({
      what: `file-tool job ${jobId}`,
      read: () => db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow(),
      until: (j) => j.state !== 'running' && j.state !== 'queued',
    });
    expect(job).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
  });
});

describe('IP 记录', () => {
  it('records sign-ins, uploads and exports with IP and device; own rows only; warns when two bidders exported from one IP', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const at = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': ua });
    await t.api('/btz/enterprise/info/save', { token: a.token, body: { name: '甲建设有限公司' } });
    await t.api('/btz/enterprise/info/save', { token: b.token, body: { name: '乙工程有限公司' } });
    // an upload through the file tools and one through the picture library (readUpload)
    expect((await start(a.token, 'images-pdf', [{ name: '营业执照.png', data: drawPicture(11) }], at('203.0.113.7'))).json.success).toBe(true);
    expect((await t.upload('/btz/picture/upload', { token: a.token, file: { name: '资质.png', data: drawPicture(12) }, headers: at('203.0.113.7') })).json.success).toBe(true);
    // a refused upload is not recorded
    expect((await t.upload('/btz/picture/upload', { token: a.token, file: { name: '坏.png', data: Buffer.from('nope') }, headers: at('203.0.113.7') })).json.success).toBe(false);

    const bidA = await outlinedBid(t, a.token, 1);
    const bidB = await outlinedBid(t, b.token, 1);
    const exp = async (token: string, id: string, ip: string) => {
      const res = await exportBid(t.api, { token, id, format: 'docx', headers: at(ip) });
      expect(res.headers['content-type'], res.text.slice(0, 200)).toContain('officedocument');
    };
    await exp(a.token, bidA, '203.0.113.7');
    expect((await t.api('/btz/iprecord/warnings', { token: a.token })).json.data).toEqual([]);
    await exp(b.token, bidB, '203.0.113.7');
    await exp(b.token, bidB, '198.51.100.9');

    const list = (await t.api('/btz/iprecord/list', { token: a.token })).json.data;
    const kinds = (list.records as IpRecordItem[]).map((r) => [r.kind, r.ip]);
    expect(kinds).toEqual([
      ['export', '203.0.113.7'],
      ['upload', '127.0.0.1'], // the tender of bidA (bid upload, through readUpload)
      ['upload', '203.0.113.7'],
      ['upload', '203.0.113.7'],
      ['login', '127.0.0.1'],
    ]);
    const rec = list.records as IpRecordItem[];
    expect(rec[0]).toMatchObject({ kindName: '导出标书', device: 'Windows · Chrome 120' });
    expect(rec[0]!.detail).toContain('（DOCX）');
    expect(rec[2]!.detail).toBe('资质.png');
    expect(rec[3]!.detail).toBe('图片转 PDF：营业执照.png');
    expect(rec[4]).toMatchObject({ kindName: '登录', detail: '短信验证码登录' });
    expect((await t.api('/btz/iprecord/list', { token: a.token, query: { kind: 'export' } })).json.data.total).toBe(1);
    // b's rows are b's own
    const ofB = (await t.api('/btz/iprecord/list', { token: b.token })).json.data.records as IpRecordItem[];
    expect(ofB.map((r) => r.kind)).toEqual(['export', 'export', 'upload', 'login']);
    expect(ofB.some((r) => r.detail.includes('资质') || r.detail.includes('营业执照'))).toBe(false);

    const wa = (await t.api('/btz/iprecord/warnings', { token: a.token })).json.data as IpWarning[];
    expect(wa).toEqual([
      { ip: '203.0.113.7', bidders: ['甲建设有限公司', '其他账号的企业（1 家）'], lastTime: expect.any(String), message: '同一 IP 导出了 2 家不同企业的标书，评标时可能被视为围标、串标的迹象' },
    ]);
    const wb = (await t.api('/btz/iprecord/warnings', { token: b.token })).json.data as IpWarning[];
    expect(wb.map((w) => w.ip)).toEqual(['203.0.113.7']);
    expect(wb[0]!.bidders).toEqual(['乙工程有限公司', '其他账号的企业（1 家）']);
  });

  it('pushes the progress of a run to its user over STOMP as filetools.progress, ending in done; nobody else gets it', async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const listen = (u: { token: string; userId: string }) => listenAs(t.port, u, 'notice', clients);
    const mine = await listen(me);
    const theirs = await listen(other);
    const d = await done(me.token, 'images-pdf', [
      { name: '营业执照.png', data: drawPicture(1) },
      { name: '现场.png', data: drawPicture(3) },
    ]);
    const msgs = () => mine.messages.map((m) => JSON.parse(m.body) as { kind: string; data: FileToolProgressMessage });
    await waitUntil(() => msgs().some((m) => m.data.state === 'done'), 5000, 'done message');
    expect(msgs().every((m) => m.kind === 'filetools.progress' && m.data.id === d.id)).toBe(true);
    expect(msgs().filter((m) => m.data.state === 'running').map((m) => m.data.progress).slice(0, 2)).toEqual([0, 5]);
    const progress = msgs().map((m) => m.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(msgs().at(-1)!.data).toEqual({ id: d.id, state: 'done', progress: 100, error: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages).toHaveLength(0);
  });
});
