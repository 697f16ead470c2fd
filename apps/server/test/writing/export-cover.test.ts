/**
 * The exported bid as an evaluator opens it (issue 13 item 4), over HTTP on a real parse: the cover is the tender's own
 * cover form filled from the card and the enterprise facts (never the upload's name), dated on the bid deadline; the
 * chapters follow the tender's composition in its order, the cover part printed once, as the cover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mammoth from 'mammoth';
import { FACTS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, uploadTender, waitParse } from '../bid/helpers.js';
import { COVER_PARTS as PARTS, buyCopies, section, tenderWithCoverForm, waitWritten } from './helpers.js';
import { PRINTED_PART_NOTE } from '@btz/shared';
import { exportBid } from '../export.js';

const ENTERPRISE = '滨江示例智能科技有限公司';
let t: TestServer;
let token: string;
let bidId: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  const saved = await t.api('/btz/enterprise/info/save', { token, body: { name: ENTERPRISE, creditCode: '', legalRep: '', address: '', contacts: [], qualifications: [], staff: [], projects: [] } });
  expect(saved.json?.success, saved.text).toBe(true);
  bidId = await uploadTender(t, token, { name: '园区项目-招标文件定稿.docx', data: await tenderWithCoverForm() });
  const d = await waitParse(t, token, bidId);
  expect(d.parse.state).toBe('done');
  if (!d.outline?.length) {
    const g = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(g.json?.success, g.text).toBe(true);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the exported Word file: cover and composition', () => {
  it('prints the tender’s cover form filled from the card and the enterprise, then the composition in the tender’s order', async () => {
    const d = await detail(t, token, bidId);
    expect(d.card!.composition.map((c) => c.title)).toEqual(PARTS);
    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(res.status).toBe(200);
    const raw = (await mammoth.extractRawText({ buffer: res.bytes })).value;
    const lines = raw.split('\n').map((l) => l.trim()).filter(Boolean);
    const toc = lines.indexOf('目  录');
    expect(lines.slice(0, toc)).toEqual([
      '正本/副本',
      FACTS.projectName,
      '投标文件',
      `项目编号：${FACTS.projectNumber}`,
      `投标人：${ENTERPRISE}（盖单位公章）`,
      expect.stringMatching(/^法定代表人或授权代表：\s+（签字）$/),
      '日期：2026年3月18日', // the bid deadline's date
    ]);
    expect(raw).not.toContain('定稿');
    // the file is named as the bid — project, 投标文件, bidder — not after the uploaded tender (「…招标文件定稿」)
    expect(res.export?.name).toBe(`${FACTS.projectName}-投标文件-${ENTERPRISE}.docx`);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`${FACTS.projectName}-投标文件-${ENTERPRISE}.docx`);
    // the body: the composition's parts as chapters in the tender's order, the cover part not repeated
    const body = lines.slice(toc + 1);
    const at = PARTS.slice(1).map((p) => body.findIndex((l) => l === p));
    expect(at.every((i) => i >= 0), JSON.stringify(body.slice(0, 40))).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(body.filter((l) => l === '投标文件封面')).toEqual([]);
  });

  it('the cover part is not a section to write: writing everything leaves it out, and the workspace says why', async () => {
    const d = await detail(t, token, bidId);
    const cover = d.outline!.find((n) => n.title === '投标文件封面');
    expect(cover, JSON.stringify(d.outline!.map((n) => n.title))).toBeDefined();
    const under = [cover!, ...cover!.children, ...cover!.children.flatMap((c) => c.children)];
    await buyCopies(t, token, 1);
    const start = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
    expect(start.json?.success, start.text).toBe(true);
    const done = await waitWritten(t, token, bidId);
    expect(done.status).toBe('written');
    expect(done.done).toBe(done.total);
    for (const n of under) {
      expect(done.sections.map((s) => s.nodeId)).not.toContain(n.id);
      if (n.children.length) continue;
      // nothing to open or save there: the workspace shows the note instead of an editor
      const res = await t.api('/btz/bid/section/get', { token, query: { id: bidId, nodeId: n.id } });
      expect(res.json).toMatchObject({ success: false, msg: PRINTED_PART_NOTE });
    }
    // the other parts were written
    const letter = d.outline!.find((n) => n.title === '投标函')!;
    let leaf = letter;
    while (leaf.children.length) leaf = leaf.children[0]!;
    expect((await section(t, token, bidId, leaf.id)).state).toBe('written');
  });
});
