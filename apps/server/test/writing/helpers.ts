/**
 * Shared pieces of the writing API tests: a bid that is parsed and outlined, copies bought through the sandbox payment,
 * waiting for a writing to settle, and reading a .docx.
 */
import { expect } from 'vitest';
import type { BidOutlineNode, SectionContent, WriteProgress } from '@btz/shared';
import { listZipEntries, readZipEntry } from '@btz/bid-engine/reading';
import { confirmSandbox, getInfo, opt, payOrder } from '../commerce/helpers.js';
import type { TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';
import { detail, tenderDocx, uploadTender, waitParse } from '../bid/helpers.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { TENDER_PAGES, type Block } from '../../../../packages/bid-engine/test/fixtures/tender.js';

export { detail, getInfo };

/** The leaf sections of an outline, in order. */
export const leaves = (nodes: readonly BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

/** A bid of `bidType` whose tender (the standard fixture unless given) is parsed and whose outline is generated. */
export async function outlinedBid(t: TestServer, token: string, bidType: 1 | 2 = 1, tender?: Buffer): Promise<string> {
  const id = await uploadTender(t, token, { name: '招标文件.docx', data: tender ?? (await tenderDocx()) }, { bidType });
  const d = await waitParse(t, token, id);
  expect(d.parse.state).toBe('done');
  if (!d.outline?.length) {
    const g = await t.api('/btz/bid/outline/generate', { token, query: { id } });
    expect(g.json?.success, g.text).toBe(true);
  }
  return id;
}

/** Buys `n` copies of a version through the sandbox payment (as a user would). */
export async function buyCopies(t: TestServer, token: string, bidType: 1 | 2, n = 1): Promise<void> {
  const order = (await payOrder(t, token, { optionId: opt(bidType === 2 ? 'copy-flagship' : 'copy-basic'), number: n })).data;
  await confirmSandbox(t, order.codeUrl);
  const info = await getInfo(t, token);
  expect(bidType === 2 ? info.flagshipBidNumber : info.commonBidNumber).toBeGreaterThanOrEqual(n);
}

export async function progress(t: TestServer, token: string, id: string): Promise<WriteProgress> {
  const res = await t.api('/btz/bid/write/progress', { token, query: { id } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as WriteProgress;
}

/**
 * Reads progress until nothing is queued or writing and the bid left `writing`. Every change (a section's state or
 * characters) keeps the wait alive (../wait.ts).
 */
export async function waitWritten(t: TestServer, token: string, id: string, opts: { quietMs?: number; limitMs?: number } = {}): Promise<WriteProgress> {
  return waitForJob({
    what: `writing of bid ${id}`,
    read: () => progress(t, token, id),
    until: (p) => p.status !== 'writing' && p.running === 0 && p.queued === 0,
    view: (p) => p,
    ...opts,
  });
}

export async function section(t: TestServer, token: string, id: string, nodeId: string): Promise<SectionContent> {
  const res = await t.api('/btz/bid/section/get', { token, query: { id, nodeId } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as SectionContent;
}

export function unzip(buf: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of listZipEntries(buf)) files.set(e.name, readZipEntry(buf, e).toString('utf8'));
  return files;
}

/** The composition of tenderWithCoverForm: it opens with the cover. */
export const COVER_PARTS = ['投标文件封面', '投标函', '法定代表人授权委托书', '开标一览表', '技术方案'];

/** The fixture tender with a composition that opens with the cover, and the cover form on a page of its own. */
export function tenderWithCoverForm(): Promise<Buffer> {
  const pages: Block[][] = TENDER_PAGES.map((page) =>
    page.some((b) => b.kind === 'h2' && b.text === '一、投标文件组成')
      ? [
          { kind: 'h1', text: '第四章 投标文件组成与格式' },
          { kind: 'h2', text: '一、投标文件组成' },
          ...COVER_PARTS.map((p, i): Block => ({ kind: 'p', text: `（${'一二三四五'[i]}）${p}` })),
          { kind: 'h2', text: '二、废标条款' },
          { kind: 'p', text: '投标文件未按招标文件要求签署、盖章的，作废标处理。' },
        ]
      : page,
  );
  pages.push([
    { kind: 'h2', text: '三、投标文件格式' },
    { kind: 'p', text: '格式一 投标文件封面' },
    { kind: 'p', text: '正本/副本' },
    { kind: 'p', text: '（项目名称）' },
    { kind: 'p', text: '投标文件' },
    { kind: 'p', text: '项目编号：' },
    { kind: 'p', text: '投标人：（盖单位公章）' },
    { kind: 'p', text: '法定代表人或授权代表：（签字）' },
    { kind: 'p', text: '日期：    年  月  日' },
  ]);
  return buildTenderDocx(pages);
}
