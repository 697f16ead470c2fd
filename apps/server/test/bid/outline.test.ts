/**
 * The outline as the user edits it: a save round trip (rename, move, delete, add, level-4 sub-items), the refusals with
 * the engine's Chinese messages, generate, and regenerating one branch while the rest stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitSubItems, type BidOutlineNode } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { tenderDocx, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
let token: string;
let bidId: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await tenderDocx() });
  await waitParse(t, token, bidId);
});
afterAll(async () => {
  await t?.close();
});

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const save = (nodes: unknown) => t.api('/btz/bid/outline/save', { token, query: { id: bidId }, body: { nodes } });
const current = async () => (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data as { outline: BidOutlineNode[]; coverage: any[] };

describe('outline editing', () => {
  it('generate returns the outline and coverage and stores them', async () => {
    const res = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(res.json.success).toBe(true);
    const { outline, coverage } = res.json.data;
    expect(outline.map((n: BidOutlineNode) => n.title)).toEqual(['投标函', '法定代表人授权委托书', '开标一览表', '技术方案']);
    expect(coverage.every((c: { nodeIds: string[] }) => c.nodeIds.length > 0)).toBe(true);
    expect((await current()).outline).toEqual(outline);
  });

  it('survives a round trip of edits: rename, move, delete, add, level-4 sub-items; renumbered, coverage recomputed', async () => {
    const nodes = clone((await current()).outline);
    const tech = nodes.find((n) => n.title === '技术方案')!;
    expect(tech.children.length).toBeGreaterThanOrEqual(2);
    // rename
    tech.children[0]!.title = '总体技术方案（改）';
    // move: the last level-1 chapter first
    nodes.unshift(nodes.pop()!);
    // delete the second chapter of the tender (法定代表人授权委托书 is now third)
    const deleted = nodes.splice(2, 1)[0]!;
    // add a level-2 section by hand
    const node = (id: string, title: string, level: number, parentId: string): BidOutlineNode =>
      ({ id, title, level, isLeaf: true, index: 0, status: 0, parentId, readStatus: 0, number: '', kind: '技术', mode: 'ai', scoringIds: [], children: [] });
    const hand = node('hand-1', '我方优势', 2, tech.id);
    const host = node('hand-1-1', '技术优势', 3, 'hand-1');
    hand.children.push(host);
    tech.children.push(hand);
    // level-4 sub-items split from multi-line text (spec §3)
    host.number = '1.9.1';
    host.children = splitSubItems(host, '需求分析\n\n  总体架构 \n部署方案') as BidOutlineNode[];

    const res = await save(nodes);
    expect(res.json, res.text).toMatchObject({ success: true });
    const { outline, coverage } = res.json.data as { outline: BidOutlineNode[]; coverage: any[] };
    expect(outline.map((n) => n.title)).toEqual(['技术方案', '投标函', '开标一览表']);
    expect(outline.map((n) => n.number)).toEqual(['1', '2', '3']);
    expect(outline.some((n) => n.id === deleted.id)).toBe(false);
    const t1 = outline[0]!;
    expect(t1.children[0]!.title).toBe('总体技术方案（改）');
    expect(t1.children[0]!.number).toBe('1.1');
    const savedHand = t1.children.find((c) => c.id === 'hand-1')!;
    const n = `1.${t1.children.length}`;
    expect(savedHand).toMatchObject({ level: 2, parentId: t1.id, number: n, isLeaf: false });
    const subs = savedHand.children[0]!.children;
    expect(subs.map((s) => [s.id, s.title, s.level, s.number, s.parentId])).toEqual([
      ['sub-hand-1-1-1', '需求分析', 4, `${n}.1.1`, 'hand-1-1'],
      ['sub-hand-1-1-2', '总体架构', 4, `${n}.1.2`, 'hand-1-1'],
      ['sub-hand-1-1-3', '部署方案', 4, `${n}.1.3`, 'hand-1-1'],
    ]);
    // the deleted chapter answered the price item? coverage is recomputed from what is left
    expect(coverage.map((c) => c.scoringId)).toEqual((await current()).coverage.map((c: any) => c.scoringId));
    // stored exactly as answered; unknown fields are not kept
    const again = await save([{ ...outline[0]!, junk: '<script>' }, ...outline.slice(1)]);
    expect(again.json.data.outline[0].junk).toBeUndefined();
    expect((await current()).outline).toEqual(again.json.data.outline);
  });

  it('refuses cycles, level 5, duplicate ids, long titles, too many nodes — with the engine’s messages', async () => {
    const base = clone((await current()).outline);
    const a: any = { id: 'x1', title: '甲', children: [] };
    a.children.push(a);
    const cyc = await t.api('/btz/bid/outline/save', { token, query: { id: bidId }, body: { nodes: [{ id: 'c1', title: '甲', children: [{ id: 'c2', title: '乙', children: [{ id: 'c1', title: '回到甲', children: [] }] }] }] } });
    expect(cyc.json).toMatchObject({ success: false, code: 400 });
    expect(cyc.json.msg).toContain('目录存在循环引用：c1');

    const deep = (depth: number, i = 1): any => ({ id: `d${i}`, title: `第${i}级`, children: i < depth ? [deep(depth, i + 1)] : [] });
    const five = await save([deep(5)]);
    expect(five.json).toMatchObject({ success: false, code: 400, msg: '目录最多 4 级，「第5级」超出层级限制' });

    const dup = await save([{ id: 'same', title: '一', children: [] }, { id: 'same', title: '二', children: [] }]);
    expect(dup.json).toMatchObject({ success: false, code: 400, msg: '目录节点 ID 重复：same' });

    const long = await save([{ id: 'l', title: '长'.repeat(201), children: [] }]);
    expect(long.json.msg).toBe('目录节点标题过长（最多 200 字）：l');

    const many = await save(Array.from({ length: 2001 }, (_, i) => ({ id: `m${i}`, title: `节${i}`, children: [] })));
    expect(many.json.msg).toBe('目录节点过多（最多 2000 个）');

    const notArray = await save({ id: 'x' });
    expect(notArray.json.msg).toBe('目录必须是节点数组');
    // nothing of the refused saves was stored
    expect((await current()).outline).toEqual(base);
  });

  it('regenerates one level-1 branch from the card and keeps the rest; refuses deeper nodes', async () => {
    const gen = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    const nodes = clone(gen.json.data.outline as BidOutlineNode[]);
    const tech = nodes.find((n) => n.title === '技术方案')!;
    const originalChildren = tech.children.map((c) => c.title);
    tech.children = [{ ...tech.children[0]!, title: '只剩一节', children: [] }];
    nodes[0]!.title = '投标函（已改）';
    await save(nodes);

    const res = await t.api('/btz/bid/outline/regenerate', { token, query: { id: bidId, nodeId: tech.id } });
    expect(res.json, res.text).toMatchObject({ success: true });
    const out = res.json.data.outline as BidOutlineNode[];
    expect(out[0]!.title).toBe('投标函（已改）');
    const regenerated = out.find((n) => n.id === tech.id)!;
    expect(regenerated.children.map((c) => c.title)).toEqual(originalChildren);
    const ids = out.flatMap(function all(n: BidOutlineNode): string[] {
      return [n.id, ...n.children.flatMap(all)];
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(res.json.data.coverage.every((c: { nodeIds: string[] }) => c.nodeIds.length > 0)).toBe(true);

    const leaf = regenerated.children[0]!.children[0] ?? null;
    if (leaf) {
      const deep = await t.api('/btz/bid/outline/regenerate', { token, query: { id: bidId, nodeId: leaf.id } });
      expect(deep.json).toMatchObject({ success: false, msg: '只能重新生成一级或二级目录' });
    }
    const missing = await t.api('/btz/bid/outline/regenerate', { token, query: { id: bidId, nodeId: 'nope' } });
    expect(missing.json).toMatchObject({ success: false, msg: '目录节点不存在' });
  });

  it('a re-parse keeps an outline edited by hand', async () => {
    const nodes = clone((await current()).outline);
    nodes[0]!.title = '手工改过的第一章';
    await save(nodes);
    await t.api('/btz/bid/retry-parse', { token, query: { id: bidId } });
    const d = await waitParse(t, token, bidId);
    expect(d.outline![0]!.title).toBe('手工改过的第一章');
  });
});
