/**
 * Data-bank uploads (each read, OCR for scans) count in their own rate-limit family (RATE_LIMIT_DATABANK), not in the
 * tender uploads' `upload` family, and are refused in Chinese past their own limit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { rateLimits } from '../test-config.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimits: rateLimits({ upload: { max: 1, windowS: 60 }, databank: { max: 3, windowS: 60 } }) });
});
afterAll(async () => {
  await t?.close();
});

it('three documents pass where tender uploads allow one; the fourth is refused', async () => {
  const { token } = await newUser(t);
  const data = await buildTenderDocx([[{ kind: 'p', text: '资质证书 证书编号：A-1' }]]);
  for (let i = 0; i < 3; i++) {
    const res = await t.upload('/btz/databank/upload', { token, file: { name: `证书${i}.docx`, data } });
    expect(res.json, `${i}: ${res.text}`).toMatchObject({ success: true });
  }
  const refused = await t.upload('/btz/databank/upload', { token, file: { name: '证书4.docx', data } });
  expect(refused.json).toMatchObject({ success: false });
  expect(refused.json.msg).toMatch(/频繁/);
});
