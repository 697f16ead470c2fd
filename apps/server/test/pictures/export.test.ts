/**
 * Picture-library images in the Word export (issue 14): a section refers to a picture by its library URL, the exported
 * .docx carries the picture's bytes (a WebP made PNG, as Word takes no WebP); a picture of another owner is not exported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureSaveResult } from '@btz/shared';
import { listZipEntries, readZipEntry } from '@btz/bid-engine/reading';
import { imageSize, sniffImage } from '../../../../packages/bid-engine/src/pictures/index.js';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, leaves, outlinedBid, section } from '../writing/helpers.js';
import { exportBid } from '../export.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});


async function upload(token: string, name: string, data: Buffer): Promise<string> {
  const res = await t.upload('/btz/picture/upload', { token, file: { name, data } });
  expect(res.json, res.text).toMatchObject({ success: true });
  return (res.json.data as PictureSaveResult).picture.id;
}

describe('library pictures in the Word export', () => {
  it('exports the pictures a section uses by library URL; another owner’s picture is not exported', async () => {
    const { token } = await newUser(t);
    const png = drawPicture(41);
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const img = await loadImage(drawPicture(42, 300, 200));
    const c = createCanvas(300, 200);
    c.getContext('2d').drawImage(img, 0, 0);
    const webp = await c.encode('webp', 90);
    expect(sniffImage(webp)).toBe('webp');
    const pngId = await upload(token, '营业执照.png', png);
    const webpId = await upload(token, '现场照片.webp', webp);
    const other = await newUser(t);
    const foreignId = await upload(other.token, '别人的图片.png', drawPicture(43));

    const bidId = await outlinedBid(t, token, 1);
    const leaf = leaves((await detail(t, token, bidId)).outline!)[0]!;
    const s = await section(t, token, bidId, leaf.id);
    const image = (id: string, alt: string) => ({ type: 'image', attrs: { src: `/api/btz/picture/file?id=${id}`, alt } });
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '营业执照副本如下：' }] },
        image(pngId, '营业执照'),
        image(webpId, '现场照片'),
        image(foreignId, '别人的图片'),
      ],
    };
    const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc } });
    expect(saved.json, saved.text).toMatchObject({ success: true });

    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(res.headers['content-type'], res.text.slice(0, 300)).toContain('officedocument');
    const media = listZipEntries(res.bytes)
      .filter((e) => e.name.startsWith('word/media/'))
      .map((e) => readZipEntry(res.bytes, e));
    // the PNG as uploaded, the WebP as a PNG of its size; nothing of the other user's
    expect(media.some((m) => m.equals(png))).toBe(true);
    const sizes = media.map((m) => {
      const type = sniffImage(m);
      return type ? { type, ...imageSize(m, type) } : null;
    });
    expect(sizes, JSON.stringify(sizes)).toContainEqual({ type: 'png', width: 300, height: 200 });
    expect(sizes.filter((x) => x?.type === 'webp')).toEqual([]);
    // the other user's picture (also 480×360) is not among them
    expect(sizes.filter((x) => x?.width === 480)).toHaveLength(1);
    const xml = readZipEntry(res.bytes, listZipEntries(res.bytes).find((e) => e.name === 'word/document.xml')!).toString('utf8');
    expect(xml).toContain('【图片无法导出】');
  });
});
