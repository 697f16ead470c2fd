/**
 * A bid manager drops a folder of certificate scans at once: picture uploads count in their own rate-limit family
 * (RATE_LIMIT_PICTURE), not in the tender uploads' `upload` family, and are refused in Chinese past their own limit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { rateLimits } from '../test-config.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: rateLimits({ upload: { max: 2, windowS: 60 }, picture: { max: 6, windowS: 60 } }) });
});
afterAll(async () => {
  await t?.close();
});

it('six pictures pass where tender uploads allow two; the seventh is refused', async () => {
  const { token } = await newUser(t);
  for (let i = 0; i < 6; i++) {
    const res = await t.upload('/btz/picture/upload', { token, file: { name: `证书${i}.png`, data: drawPicture(100 + i) } });
    expect(res.json, `${i}: ${res.text}`).toMatchObject({ success: true, data: { status: 'created' } });
  }
  const refused = await t.upload('/btz/picture/upload', { token, file: { name: '证书7.png', data: drawPicture(107) } });
  expect(refused.json).toMatchObject({ success: false });
  expect(refused.json.msg).toMatch(/频繁/);
});
