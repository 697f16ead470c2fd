/**
 * Shared pieces of the bid API tests: generated tender files (built once per process), and waiting for a parse.
 */
import { expect } from 'vitest';
import type { BidDetail } from '@btz/shared';
import { buildScannedPdf, buildTenderDocx, buildTenderPdf } from '../../../../packages/bid-engine/test/fixtures/build.js';
import type { TestServer } from '../harness.js';
import { settled, waitForJob } from '../wait.js';

const cache = new Map<string, Promise<Buffer>>();
const once = (key: string, make: () => Promise<Buffer>) => {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key)!;
};
export const tenderDocx = () => once('docx', () => buildTenderDocx());
export const tenderPdf = () => once('pdf', () => buildTenderPdf());
export const scannedPdf = () => once('scan', () => buildScannedPdf());

/** A tender as plain text with form-feed page breaks (page n of `pages` is page n of the file). */
export function txtTender(pages: string[]): Buffer {
  return Buffer.from(pages.join('\f'), 'utf8');
}

export async function uploadTender(
  t: TestServer,
  token: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string | number> = { bidType: 1 },
): Promise<string> {
  const res = await t.upload('/btz/bid/upload-tender', { token, file, fields });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data.bidId as string;
}

export async function detail(t: TestServer, token: string, id: string): Promise<BidDetail> {
  const res = await t.api('/btz/bid/detail', { token, query: { id } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as BidDetail;
}

/**
 * Reads detail until the parse is done or failed, following its state, stage and progress (./wait.ts: a parse that
 * moves is waited for; one that shows no change for minutes fails, naming its last state).
 */
export async function waitParse(t: TestServer, token: string, id: string, opts: { quietMs?: number; limitMs?: number } = {}): Promise<BidDetail> {
  return waitForJob({
    what: `parse of bid ${id}`,
    read: () => detail(t, token, id),
    until: (d) => settled(d.parse),
    view: (d) => d.parse,
    ...opts,
  });
}
