/**
 * Attack (issue 10, finding 4): the image captcha was an SVG whose digits were path coordinates — a 20-line script read
 * 37 of 37. Now it is a raster (PNG) of warped digits under noise; the answer exists only as pixels in the image and
 * as a hash on the server. (Tests solve it through `testCaptchaHook`, which loadConfig refuses in production.)
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';

/** The chunks of a PNG file: type and data. */
function pngChunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    out.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + len) });
    at += 12 + len;
  }
  return out;
}

let t: TestServer;
beforeAll(async () => {
  // a captcha for every send: the flow below needs one each time
  t = await startTestServer({ smsCaptchaAfter: 0 });
});
afterAll(async () => {
  await t?.close();
});

const fetchCaptcha = async () => {
  const res = await t.api('/btz-skip/captcha');
  expect(res.json).toMatchObject({ code: 200, success: true });
  return res;
};

describe('image captcha', () => {
  it('is a noisy PNG raster: no markup, no text chunks, nothing else in the answer', async () => {
    const res = await fetchCaptcha();
    expect(Object.keys(res.json.data).sort()).toEqual(['captchaId', 'image']);
    expect(res.json.data.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(res.text).not.toMatch(/<svg|<path|<text/i);

    const png = Buffer.from(res.json.data.image.split(',')[1], 'base64');
    const chunks = pngChunks(png);
    const types = chunks.map((c) => c.type);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    // no textual metadata where an answer could hide
    expect(types.filter((ty) => /^(tEXt|zTXt|iTXt)$/.test(ty))).toEqual([]);
    const ihdr = chunks[0]!.data;
    expect(ihdr.readUInt32BE(0)).toBeGreaterThanOrEqual(120);
    expect(ihdr.readUInt32BE(4)).toBeGreaterThanOrEqual(40);

    // decoded, it is a picture of many colours (noise, gradient, anti-aliased strokes), not a clean two-tone drawing
    const img = await loadImage(png);
    const canvas = createCanvas(img.width, img.height);
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, img.width, img.height).data;
    const colours = new Set<number>();
    for (let i = 0; i < px.length; i += 4) colours.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
    expect(colours.size).toBeGreaterThan(500);

    // a new image every time, even for the same client
    const again = await fetchCaptcha();
    expect(again.json.data.captchaId).not.toBe(res.json.data.captchaId);
    expect(again.json.data.image).not.toBe(res.json.data.image);
  });

  it('the right answer opens one send; a wrong answer is refused and burns the captcha', async () => {
    const phone = uniquePhone();
    const c1 = (await fetchCaptcha()).json.data;
    const answer = t.captchaAnswer(c1.captchaId);
    const wrong = `${(Number(answer[0]) + 1) % 10}${answer.slice(1)}`;
    const refused = await t.api('/btz-skip/send-code', { query: { phone, captchaId: c1.captchaId, captchaCode: wrong } });
    expect(refused.json).toMatchObject({ code: 400, success: false, data: { captchaRequired: true } });
    expect(refused.json.msg).toMatch(/图形验证码错误/);
    const late = await t.api('/btz-skip/send-code', { query: { phone, captchaId: c1.captchaId, captchaCode: answer } });
    expect(late.json.success).toBe(false);

    const c2 = (await fetchCaptcha()).json.data;
    const sent = await t.api('/btz-skip/send-code', { query: { phone, captchaId: c2.captchaId, captchaCode: t.captchaAnswer(c2.captchaId) } });
    expect(sent.json).toMatchObject({ code: 200, success: true });
    expect(t.smsCode(phone)).toMatch(/^\d{6}$/);
  });
});
