/**
 * 头像上传 (issue 27, 个人中心): a picture becomes the user's avatar — a server-made JPEG at /avatar/{sha256}.jpg that an
 * <img> can load without a login header; a hostile picture or a file that is no picture is refused in Chinese and the
 * avatar stays; a new avatar releases the old one (the old URL answers 404); another brand's host does not serve it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifFrameBomb } from '../../../../packages/bid-engine/test/fixtures/hostile-images.js';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const info = async (token: string) => (await t.api('/btz/user/get-info', { token })).json.data as { avatar: string };
const upload = (token: string, name: string, data: Buffer) => t.upload('/btz/user/avatar', { token, file: { name, data } });

describe('avatar upload', () => {
  it('a picture becomes the avatar, served as a JPEG without login; a new one replaces and releases the old', async () => {
    const { token } = await newUser(t);
    const first = await upload(token, '我的头像.png', drawPicture(11, 640, 480));
    expect(first.json?.code, first.text).toBe(200);
    const url = (first.json.data as { avatar: string }).avatar;
    expect(url).toMatch(/^\/avatar\/[0-9a-f]{64}\.jpg$/);
    expect((await info(token)).avatar).toBe(url);

    const img = await t.request(url);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff'); // a JPEG made by the server, not the upload's bytes

    const second = await upload(token, '新头像.png', drawPicture(12, 300, 300));
    const url2 = (second.json.data as { avatar: string }).avatar;
    expect(url2).not.toBe(url);
    expect((await t.request(url2)).status).toBe(200);
    expect((await t.request(url)).status).toBe(404);
    // another brand's host does not serve this brand's avatars
    expect((await t.request(url2, { host: 'fz.localhost' })).status).toBe(404);

    // update-info accepts an uploaded avatar's path as an own image
    const set = await t.api('/btz/user/update-info', { token, query: { avatar: url2 } });
    expect(set.json?.code, set.text).toBe(200);
  });

  it('a hostile picture or a non-picture is refused in Chinese and the avatar stays', async () => {
    const { token } = await newUser(t);
    const ok = await upload(token, 'a.png', drawPicture(21, 200, 200));
    const kept = (ok.json.data as { avatar: string }).avatar;
    const bomb = await upload(token, 'bomb.gif', gifFrameBomb());
    expect(bomb.json?.code).toBe(400);
    expect(bomb.json?.msg).toMatch(/图片尺寸过大/);
    const text = await upload(token, 'note.png', Buffer.from('这不是图片'.repeat(20)));
    expect(text.json?.code).toBe(400);
    expect(String(text.json?.msg)).toMatch(/[\u4e00-\u9fa5]/);
    expect((await info(token)).avatar).toBe(kept);
    expect((await t.request('/healthz')).status).toBe(200);
  });

  it('an unknown or malformed avatar path answers 404', async () => {
    expect((await t.request(`/avatar/${'0'.repeat(64)}.jpg`)).status).toBe(404);
    expect((await t.request('/avatar/..%2Fsecret.jpg')).status).toBe(404);
  });
});
