/**
 * Issue 22 findings 1 and 2: one picture must not kill the server nor stall it. Over HTTP on a real server: the red
 * team's 62-byte GIF (1×1 screen, one 65535×65535 frame) and a 20000×20000 frame are refused in Chinese through the
 * picture upload and as a data:image/gif pasted into a section, and /healthz keeps answering; the 58-byte BMP declaring
 * 7000×−7000 is refused; a picture that exhausts its worker's memory cap answers in Chinese and the next one is served
 * by a replaced worker; a re-upload is found by its bytes before anything decodes it; section saves are rate-limited;
 * extraction from a document stops at its pixel budget and says so (finding 9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmpNoPixels, flatPng, gifFrameBomb } from '../../../../packages/bid-engine/test/fixtures/hostile-images.js';
import { buildPictureDocx, drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { settled, waitForJob } from '../wait.js';
import { rateLimits } from '../test-config.js';
import { detail, leaves, outlinedBid, section } from '../writing/helpers.js';

let t: TestServer;
const SAVES = 6;
/** room for two 480×360 pictures per document */
const EXTRACT_PIXELS = 2 * 480 * 360;
beforeAll(async () => {
  // a picture worker of 256 MB: a 7000×7000 picture (~400 MB to decode) exhausts it
  t = await startTestServer({
    jobPollMs: 50,
    pictureMemoryMb: 256,
    extractMaxPixels: EXTRACT_PIXELS,
    rateLimits: rateLimits({ save: { max: SAVES, windowS: 600 } }),
  });
});
afterAll(async () => {
  await t?.close();
});

const GIF_REFUSED = '图片尺寸过大（65535×65535），最多 5000 万像素';
const upload = (token: string, name: string, data: Buffer) => t.upload('/btz/picture/upload', { token, file: { name, data } });
const pictureTotal = async (token: string) => (await t.api('/btz/picture/list', { token })).json.data.total as number;

async function healthy() {
  const h = await t.request('/healthz');
  expect(h.status).toBe(200);
  expect(h.json).toMatchObject({ status: 'ok' });
}

describe('pictures that lie about their size (issue 22)', () => {
  it("refuses the 62-byte GIF bomb and a 20000×20000 frame at upload; the server keeps answering", async () => {
    const { token } = await newUser(t);
    const bomb = gifFrameBomb();
    expect(bomb.length).toBe(62);
    const res = await upload(token, '动图.gif', bomb);
    expect(res.json, res.text).toMatchObject({ code: 400, success: false, msg: GIF_REFUSED });
    await healthy();
    const frame = await upload(token, '大帧.gif', gifFrameBomb(20000, 20000));
    expect(frame.json).toMatchObject({ code: 400, success: false, msg: '图片尺寸过大（20000×20000），最多 5000 万像素' });
    await healthy();
    expect(await pictureTotal(token)).toBe(0);
    // nothing was handed to a decoder
    expect(t.server.app.ctx.pictures.decoded).toBe(0);
  });

  it('refuses the 58-byte BMP declaring 7000×−7000', async () => {
    const { token } = await newUser(t);
    const bmp = bmpNoPixels();
    expect(bmp.length).toBe(58);
    const res = await upload(token, '位图.bmp', bmp);
    expect(res.json).toMatchObject({ code: 400, success: false, msg: '图片已损坏或无法解码' });
    expect(await pictureTotal(token)).toBe(0);
    await healthy();
  });

  it('refuses a section save with the GIF bomb pasted as data:image/gif, and keeps the section as it was', async () => {
    const { token } = await newUser(t);
    const bidId = await outlinedBid(t, token, 1);
    const leaf = leaves((await detail(t, token, bidId)).outline!)[0]!;
    const before = await section(t, token, bidId, leaf.id);
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '现场照片如下：' }] },
        { type: 'image', attrs: { src: `data:image/gif;base64,${gifFrameBomb().toString('base64')}`, alt: '照片.gif' } },
      ],
    };
    const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: before.revision, doc } });
    expect(saved.json, saved.text).toMatchObject({ code: 400, success: false, msg: `正文中的图片无法保存：${GIF_REFUSED}` });
    await healthy();
    const after = await section(t, token, bidId, leaf.id);
    expect(after.revision).toBe(before.revision);
    expect(JSON.stringify(after.doc ?? null)).toBe(JSON.stringify(before.doc ?? null));
    expect(await pictureTotal(token)).toBe(0);
  });

  it('a picture that exhausts its worker answers in Chinese; a replaced worker serves the next', async () => {
    const { token } = await newUser(t);
    const pictures = t.server.app.ctx.pictures;
    // a 7000×7000 GIF frame is inside the 50-megapixel cap; Skia aborts the worker that cannot hold it
    const started = pictures.started;
    const died = await upload(token, '大图.gif', gifFrameBomb(7000, 7000));
    expect(died.json, died.text).toMatchObject({ code: 400, success: false });
    expect(died.json.msg).toMatch(/^图片无法处理（解码时超出资源上限或图片已损坏）/);
    expect(pictures.started).toBeGreaterThan(started);
    await healthy();
    // a PNG the library cannot fit in the cap fails inside the worker: the same answer
    const failed = await upload(token, '大图.png', flatPng(7000, 7000, 1));
    expect(failed.json, failed.text).toMatchObject({ code: 400, success: false });
    expect(failed.json.msg).toMatch(/^图片无法处理/);
    await healthy();
    const ok = await upload(token, '营业执照.png', drawPicture(61));
    expect(ok.json, ok.text).toMatchObject({ success: true, data: { status: 'created' } });
  });

  it('a re-upload is found by its bytes before anything decodes it', async () => {
    const { token } = await newUser(t);
    const png = drawPicture(62);
    expect((await upload(token, '资质.png', png)).json.data).toMatchObject({ status: 'created' });
    const decoded = t.server.app.ctx.pictures.decoded;
    const again = await upload(token, '资质-副本.png', png);
    expect(again.json.data).toMatchObject({ status: 'duplicate', match: 'exact' });
    expect(t.server.app.ctx.pictures.decoded).toBe(decoded);
  });

  it('section saves are rate-limited per user, in Chinese', async () => {
    const { token } = await newUser(t);
    const bidId = await outlinedBid(t, token, 1);
    const leaf = leaves((await detail(t, token, bidId)).outline!)[0]!;
    let revision = (await section(t, token, bidId, leaf.id)).revision;
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '正文' }] }] };
    let refused = null;
    for (let i = 0; i < SAVES + 1 && !refused; i++) {
      const r = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision, doc } });
      if (r.json.success) revision = r.json.data.revision;
      else refused = r;
    }
    expect(refused?.json).toMatchObject({ code: 400, success: false });
    expect(refused?.json.msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it("extraction takes pictures until the document's pixel budget is spent and says what it left out", async () => {
    const { token } = await newUser(t);
    const pics = [1, 2, 3, 4, 5].map((n) => ({ page: n, data: drawPicture(90 + n), type: 'png' as const }));
    const up = await t.upload('/btz/picture/extract/upload', { token, file: { name: '证书合集.docx', data: await buildPictureDocx(pics, 5) } });
    expect(up.json, up.text).toMatchObject({ success: true });
    const d = await waitForJob<any>({
      what: 'picture extraction',
      read: async () => (await t.api('/btz/picture/extract/detail', { token, query: { id: up.json.data.id } })).json.data,
      until: settled,
    });
    expect(d).toMatchObject({ state: 'done', error: null, notice: '文件中图片的像素总量超过提取上限（35 万像素），其余 3 张图片未提取；请拆分文件后分别提取' });
    expect(d.items.map((i: { page: number }) => i.page)).toEqual([1, 2]);
  });
});
