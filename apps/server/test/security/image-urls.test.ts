/**
 * Finding 16 of the attack on main: the avatar accepted `//evil.example/a.png` (protocol-relative: another site) and
 * feedback `images` stored `javascript:` URLs. The product stores only images this server serves (the brand assets
 * under /brand/…; there is no user image upload and no host allow-list), so anything else is refused with a Chinese 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer();
  token = (await newUser(t)).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const OURS = '/brand/btz/avatar.svg';
const FOREIGN = [
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  'https://evil.example/a.png',
  'http://evil.example/a.png',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  '/brand/../api/x',
];

describe('avatar', () => {
  it.each(FOREIGN)('refuses %s and keeps the avatar it had', async (avatar) => {
    const res = await t.api('/btz/user/update-info', { token, query: { avatar } });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('头像（avatar）');
    expect((await t.api('/btz/user/get-info', { token })).json.data.avatar).not.toBe(avatar);
  });
  it('accepts an image of this site', async () => {
    expect((await t.api('/btz/user/update-info', { token, query: { avatar: OURS } })).json).toMatchObject({ code: 200 });
    expect((await t.api('/btz/user/get-info', { token })).json.data.avatar).toBe(OURS);
  });
});

describe('feedback images', () => {
  const feedback = (images: string[]) =>
    t.api('/btz/common/addFeedback', { token, body: { type: 1, content: '页面打不开，请看截图', images } });
  it.each(FOREIGN)('refuses %s and stores nothing', async (bad) => {
    const res = await feedback([OURS, bad]);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('图片（images.1）');
    const list = (await t.api('/btz/common/queryFeedbackList', { token })).json.data.records as { images: string[] }[];
    expect(list.flatMap((r) => r.images)).not.toContain(bad);
  });
  it('stores images of this site', async () => {
    expect((await feedback([OURS])).json).toMatchObject({ code: 200 });
    const list = (await t.api('/btz/common/queryFeedbackList', { token })).json.data.records as { images: string[] }[];
    expect(list.some((r) => r.images.includes(OURS))).toBe(true);
  });
});
