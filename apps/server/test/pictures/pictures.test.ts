/**
 * The picture library over HTTP (issue 14): uploads sniffed by content and size-capped, thumbnails made on the server,
 * exact and perceptual duplicates not stored twice, list with search and tag filter, rename/tag, delete; pictures of the
 * owner only (another user's look missing; the enterprise's are shared by its members in the enterprise role);
 * extraction of every picture of a DOCX/PDF as a job, pick and save (deduplicated), a failed extraction kept and retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PictureExtraction, PictureItem, PictureSaveResult } from '@btz/shared';
import { imageSize, sniffImage } from '../../../../packages/bid-engine/src/pictures/index.js';
import { buildPictureDocx, buildPicturePdf, drawPicture, reencode } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { buildZipBomb } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';

let t: TestServer;
const LIMIT = 3 * 1024 * 1024;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, uploadMaxBytes: LIMIT });
});
afterAll(async () => {
  await t?.close();
});

const P1 = drawPicture(11);
const P2 = drawPicture(12, 400, 300);
const P3 = drawPicture(13, 360, 480);

async function upload(token: string, name: string, data: Buffer, fields: Record<string, string> = {}) {
  return t.upload('/btz/picture/upload', { token, file: { name, data }, fields });
}
async function uploadOk(token: string, name: string, data: Buffer, fields: Record<string, string> = {}): Promise<PictureSaveResult> {
  const res = await upload(token, name, data, fields);
  expect(res.json, res.text).toMatchObject({ code: 200, success: true });
  return res.json.data as PictureSaveResult;
}
async function list(token: string, query: Record<string, string | number> = {}): Promise<Page<PictureItem>> {
  const res = await t.api('/btz/picture/list', { token, query });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data as Page<PictureItem>;
}
async function extraction(token: string, id: string, until: PictureExtraction['state'][] = ['done', 'failed']): Promise<PictureExtraction> {
  return waitForJob({
    what: `picture extraction ${id}`,
    read: async () => {
      const res = await t.api('/btz/picture/extract/detail', { token, query: { id } });
      expect(res.json, res.text).toMatchObject({ success: true });
      return res.json.data as PictureExtraction;
    },
    until: (d) => until.includes(d.state),
  });
}

describe('picture library', () => {
  it('stores an upload with its size and a server-made thumbnail; answers the bytes back', async () => {
    const { token } = await newUser(t);
    const r = await uploadOk(token, '营业执照.png', P1, { tags: '资质，执照' });
    expect(r).toMatchObject({ status: 'created', message: '已上传' });
    expect(r.picture).toMatchObject({ name: '营业执照', tags: ['资质', '执照'], mime: 'image/png', width: 480, height: 360, size: P1.length, source: 'upload' });
    expect(r.picture.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const file = await t.api('/btz/picture/file', { token, query: { id: r.picture.id } });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.bytes.equals(P1)).toBe(true);
    const thumb = await t.api('/btz/picture/file', { token, query: { id: r.picture.id, thumb: 1 } });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(sniffImage(thumb.bytes)).toBe('jpeg');
    expect(imageSize(thumb.bytes, 'jpeg')).toEqual({ width: 320, height: 240 });
  });

  it('refuses what is not a picture (by content, not name), and a file over the limit', async () => {
    const { token } = await newUser(t);
    const fake = await upload(token, '证书.png', Buffer.from('%PDF-1.4 this is not a picture'));
    expect(fake.json).toMatchObject({ code: 400, success: false, msg: '不是支持的图片格式，仅支持 PNG、JPEG、GIF、WebP、BMP' });
    const big = await upload(token, '大图.png', Buffer.concat([P1, Buffer.alloc(LIMIT)]));
    expect(big.json).toMatchObject({ code: 400, success: false });
    expect(big.json.msg).toContain('3 MB');
    const none = await t.api('/btz/picture/upload', { token });
    expect(none.json).toMatchObject({ code: 400, success: false });
    expect((await list(token)).total).toBe(0);
  });

  it('does not store the same picture twice: exact copy, recompressed copy, resized copy', async () => {
    const { token } = await newUser(t);
    const first = await uploadOk(token, 'ISO9001.png', P1);
    const exact = await uploadOk(token, '副本.png', P1);
    expect(exact).toMatchObject({ status: 'duplicate', match: 'exact', message: '已存在相同图片：ISO9001', picture: { id: first.picture.id } });
    const recompressed = await uploadOk(token, '压缩.jpg', await reencode(P1, { quality: 45 }));
    expect(recompressed).toMatchObject({ status: 'duplicate', match: 'similar', message: '已存在相同图片：ISO9001（内容相似）', picture: { id: first.picture.id } });
    const resized = await uploadOk(token, '缩小.png', await reencode(P1, { scale: 0.5, as: 'png' }));
    expect(resized).toMatchObject({ status: 'duplicate', match: 'similar', picture: { id: first.picture.id } });
    // a different picture is stored
    expect((await uploadOk(token, '另一张.png', P2)).status).toBe('created');
    expect((await list(token)).total).toBe(2);
    // another user's library is its own: the same picture is new there
    const other = await newUser(t);
    expect((await uploadOk(other.token, 'ISO9001.png', P1)).status).toBe('created');
  });

  it('lists newest first in pages, searches name and tags, filters by tag; renames, tags and deletes', async () => {
    const { token } = await newUser(t);
    const a = await uploadOk(token, '营业执照正本.png', P1, { tags: '资质' });
    const b = await uploadOk(token, '项目现场.png', P2, { tags: '业绩,现场' });
    const c = await uploadOk(token, '安全生产许可证.png', P3, { tags: '资质' });
    const page1 = await list(token, { current: 1, size: 2 });
    expect(page1).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(page1.records.map((r) => r.id)).toEqual([c.picture.id, b.picture.id]);
    expect((await list(token, { current: 2, size: 2 })).records.map((r) => r.id)).toEqual([a.picture.id]);
    expect((await list(token, { keyword: '执照' })).records.map((r) => r.id)).toEqual([a.picture.id]);
    expect((await list(token, { keyword: '现场' })).records.map((r) => r.id)).toEqual([b.picture.id]);
    expect((await list(token, { keyword: '%' })).total).toBe(0);
    // the tags' JSON punctuation is not searched
    expect((await list(token, { keyword: '"' })).total).toBe(0);
    expect((await list(token, { keyword: '业绩' })).records.map((r) => r.id)).toEqual([b.picture.id]);
    expect((await list(token, { tag: '资质' })).records.map((r) => r.id)).toEqual([c.picture.id, a.picture.id]);
    expect((await t.api('/btz/picture/tags', { token })).json.data).toEqual(['业绩', '现场', '资质']);

    const upd = await t.api('/btz/picture/update', { token, query: { id: b.picture.id }, body: { name: '类似业绩现场照片', tags: ['业绩', '业绩', '照片'] } });
    expect(upd.json, upd.text).toMatchObject({ success: true, data: { name: '类似业绩现场照片', tags: ['业绩', '照片'] } });
    const bad = await t.api('/btz/picture/update', { token, query: { id: b.picture.id }, body: { name: '' } });
    expect(bad.json).toMatchObject({ code: 400, success: false });
    expect(bad.json.msg).toContain('图片名称');

    const del = await t.api('/btz/picture/delete', { token, query: { id: c.picture.id } });
    expect(del.json).toMatchObject({ success: true });
    expect((await list(token)).total).toBe(2);
    // deleted: the same picture may be uploaded again
    expect((await uploadOk(token, '安全生产许可证.png', P3)).status).toBe('created');
  });

  it("another user's picture looks missing; the enterprise's pictures are shared by its members", async () => {
    const owner = await newUser(t);
    const pic = (await uploadOk(owner.token, '私有.png', P1)).picture;
    const other = await newUser(t);
    for (const [path, body] of [
      ['/btz/picture/file', undefined],
      ['/btz/picture/update', { name: '改名' }],
      ['/btz/picture/delete', undefined],
    ] as const) {
      const res = await t.api(path, { token: other.token, query: { id: pic.id }, body });
      expect(res.json, path).toMatchObject({ code: 400, success: false, msg: '图片不存在' });
    }
    expect((await list(other.token)).total).toBe(0);
    expect((await t.api('/btz/picture/list')).status).toBe(401);

    // enterprise role: its own library, shared with a member
    const switched = await t.api('/btz/user/switch-role', { token: owner.token, query: { loginRole: 1 } });
    const enterpriseId = switched.json.data.team.id as string;
    expect((await list(owner.token)).total).toBe(0);
    const shared = await uploadOk(owner.token, '企业资质.png', P2);
    const member = await newUser(t);
    await t.server.db.db.updateTable('users').set({ enterprise_id: enterpriseId, login_role: 1 }).where('id', '=', member.userId).execute();
    expect((await list(member.token)).records.map((r) => r.id)).toEqual([shared.picture.id]);
    expect((await uploadOk(member.token, '重复.png', P2)).status).toBe('duplicate');
    await t.api('/btz/user/switch-role', { token: owner.token, query: { loginRole: 0 } });
    expect((await list(owner.token)).records.map((r) => r.id)).toEqual([pic.id]);
  });
});

describe('extraction', () => {
  it('a DOCX: every picture with its page, thumbnails, pick and save (deduplicated)', async () => {
    const { token } = await newUser(t);
    await uploadOk(token, '已有.png', P2);
    const docx = await buildPictureDocx(
      [
        { page: 1, data: P1, type: 'png' },
        { page: 2, data: await reencode(P2, { quality: 80 }), type: 'jpg' },
        { page: 4, data: P3, type: 'png' },
      ],
      4,
    );
    const up = await t.upload('/btz/picture/extract/upload', { token, file: { name: '投标文件.docx', data: docx } });
    expect(up.json, up.text).toMatchObject({ success: true, data: { id: expect.any(String) } });
    const id = up.json.data.id as string;
    const d = await extraction(token, id);
    expect(d).toMatchObject({ fileName: '投标文件.docx', fileType: 'docx', state: 'done', progress: 100, error: null, pageCount: 4 });
    expect(d.items.map((i) => [i.index, i.page, i.mime, i.width, i.height])).toEqual([
      [1, 1, 'image/png', 480, 360],
      [2, 2, 'image/jpeg', 400, 300],
      [3, 4, 'image/png', 360, 480],
    ]);
    const thumb = await t.api('/btz/picture/extract/file', { token, query: { id, index: 3, thumb: 1 } });
    expect(imageSize(thumb.bytes, 'jpeg')).toEqual({ width: 240, height: 320 });
    const full = await t.api('/btz/picture/extract/file', { token, query: { id, index: 1 } });
    expect(full.bytes.equals(P1)).toBe(true);

    const save = await t.api('/btz/picture/extract/save', { token, query: { id }, body: { indexes: [1, 2], tags: ['资质'] } });
    expect(save.json, save.text).toMatchObject({ success: true });
    const results = save.json.data as { index: number; result: PictureSaveResult }[];
    expect(results.map((r) => [r.index, r.result.status])).toEqual([
      [1, 'created'],
      [2, 'duplicate'],
    ]);
    expect(results[0]!.result.picture).toMatchObject({ name: '投标文件-第1页-图1', source: 'extract', sourceFile: '投标文件.docx', sourcePage: 1, tags: ['资质'] });
    expect(results[1]!.result.message).toBe('已存在相同图片：已有（内容相似）');
    const missing = await t.api('/btz/picture/extract/save', { token, query: { id }, body: { indexes: [9] } });
    expect(missing.json).toMatchObject({ code: 400, msg: '第 9 张图片不存在' });
    // the recent extractions, newest first, with the number of pictures found
    const recent = await t.api('/btz/picture/extract/list', { token });
    expect(recent.json, recent.text).toMatchObject({ success: true, data: { total: 1, records: [{ id, fileName: '投标文件.docx', state: 'done', count: 3, pageCount: 4 }] } });
    // only a failed extraction is retried
    expect((await t.api('/btz/picture/extract/retry', { token, query: { id } })).json).toMatchObject({ code: 400, msg: '只有提取失败的文件可以重试' });
    // another user sees no such extraction, and none in its list
    expect((await t.api('/btz/picture/extract/list', { token: (await newUser(t)).token })).json.data.total).toBe(0);
    const other = await newUser(t);
    expect((await t.api('/btz/picture/extract/detail', { token: other.token, query: { id } })).json).toMatchObject({ code: 400, msg: '提取记录不存在' });
  });

  it('a PDF: every painted picture with its page', async () => {
    const { token } = await newUser(t);
    const pdf = await buildPicturePdf(
      [
        { page: 2, data: P1, type: 'png' },
        { page: 3, data: P3, type: 'png' },
        { page: 3, data: await reencode(P1, { quality: 60, scale: 0.6 }), type: 'jpg' },
      ],
      3,
    );
    const up = await t.upload('/btz/picture/extract/upload', { token, file: { name: '证书汇编.pdf', data: pdf } });
    const d = await extraction(token, up.json.data.id as string);
    expect(d).toMatchObject({ state: 'done', pageCount: 3 });
    expect(d.items.map((i) => [i.page, i.name, i.width, i.height])).toEqual([
      [2, '第2页-图1.png', 480, 360],
      [3, '第3页-图1.png', 360, 480],
      [3, '第3页-图2.png', 288, 216],
    ]);
    // saved together: the smaller recompressed copy is recognised as the first picture of the same batch
    const save = await t.api('/btz/picture/extract/save', { token, query: { id: d.id }, body: { indexes: [1, 2, 3] } });
    expect((save.json.data as { result: PictureSaveResult }[]).map((r) => [r.result.status, r.result.match ?? null])).toEqual([
      ['created', null],
      ['created', null],
      ['duplicate', 'similar'],
    ]);
    expect((await list(token)).total).toBe(2);
  });

  it('refuses a file that is neither DOCX nor PDF; a broken PDF fails, stays and can be retried', async () => {
    const { token } = await newUser(t);
    const png = await t.upload('/btz/picture/extract/upload', { token, file: { name: 'a.docx', data: P1 } });
    expect(png.json).toMatchObject({ code: 400, success: false });
    const txt = await t.upload('/btz/picture/extract/upload', { token, file: { name: 'a.txt', data: Buffer.from('纯文本文件内容'.repeat(20)) } });
    expect(txt.json).toMatchObject({ code: 400, msg: '仅支持从 DOCX 或 PDF 文件中提取图片' });

    const broken = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
    const up = await t.upload('/btz/picture/extract/upload', { token, file: { name: '损坏.pdf', data: broken } });
    expect(up.json, up.text).toMatchObject({ success: true });
    const id = up.json.data.id as string;
    const d = await extraction(token, id);
    expect(d).toMatchObject({ state: 'failed', error: '文件已损坏或格式不正确，无法读取（PDF 无法解析）', items: [] });
    // the file stays: retry runs it again (and it fails again, with the same message)
    const retry = await t.api('/btz/picture/extract/retry', { token, query: { id } });
    expect(retry.json, retry.text).toMatchObject({ success: true });
    expect(await extraction(token, id)).toMatchObject({ state: 'failed', error: '文件已损坏或格式不正确，无法读取（PDF 无法解析）' });
  });

  it('a zip bomb is refused at upload; a picture declaring 10 billion pixels inside a DOCX is skipped, not decoded', async () => {
    const { token } = await newUser(t);
    const bomb = await t.upload('/btz/picture/extract/upload', { token, file: { name: '炸弹.docx', data: await buildZipBomb(200) } });
    expect(bomb.json).toMatchObject({ code: 400, success: false });
    expect(bomb.json.msg).toContain('疑似压缩炸弹');

    const huge = Buffer.from(P3);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    const docx = await buildPictureDocx(
      [
        { page: 1, data: huge, type: 'png' },
        { page: 2, data: P1, type: 'png' },
      ],
      2,
    );
    const up = await t.upload('/btz/picture/extract/upload', { token, file: { name: '含超大图片.docx', data: docx } });
    expect(up.json, up.text).toMatchObject({ success: true });
    const d = await extraction(token, up.json.data.id as string);
    expect(d).toMatchObject({ state: 'done', skipped: 1 });
    expect(d.items.map((i) => [i.page, i.width, i.height])).toEqual([[2, 480, 360]]);
  });
});
