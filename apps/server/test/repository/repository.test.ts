/**
 * The repository of past bids over HTTP (issue 14): a past bid DOCX/PDF read into passages by its headings (a job),
 * searched by Chinese words with the database's full-text search (ranked, the words to highlight named), files of the
 * owner only, bad files refused (by content, size, zip bomb), a failed reading kept and retried; a bid section's
 * suggestions from its title and scoring row, with passages pinned and excluded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidOutlineNode, Page, RepositoryFile, RepositorySearchResult, RepositorySuggestion } from '@btz/shared';
import { buildTenderDocx, buildTenderPdf, buildZipBomb } from '../../../../packages/bid-engine/test/fixtures/build.js';
import type { Block } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';
import { detail } from '../bid/helpers.js';
import { buyCopies, outlinedBid, section, waitWritten } from '../writing/helpers.js';

let t: TestServer;
const LIMIT = 3 * 1024 * 1024;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, uploadMaxBytes: LIMIT });
});
afterAll(async () => {
  await t?.close();
});

const fill = (s: string, n: number) => Array.from({ length: n }, (_, i) => `${s}（第${i + 1}条）`).join('');
/** A past bid: a technical chapter with three sections on their own pages. */
const PAST_BID: Block[][] = [
  [
    { kind: 'title', text: '滨江市政务云平台运维项目投标文件' },
    { kind: 'h1', text: '第一章 技术方案' },
    { kind: 'h2', text: '一、总体架构设计' },
    { kind: 'p', text: fill('平台采用微服务架构，分层部署，数据库主备切换，负载均衡保障高可用。', 6) },
  ],
  [
    { kind: 'h2', text: '二、售后服务方案' },
    { kind: 'p', text: fill('我方提供7×24小时驻场运维，故障响应时间不超过30分钟，每季度巡检一次并出具巡检报告。', 5) },
    { kind: 'table', rows: [['服务内容', '响应时间'], ['紧急故障', '30分钟'], ['一般故障', '2小时']], widths: [200, 200] },
  ],
  [
    { kind: 'h2', text: '三、实施计划' },
    { kind: 'p', text: fill('项目分需求调研、部署上线、试运行和验收四个阶段，进度安排以甘特图管理，里程碑按周汇报。', 5) },
  ],
];

async function uploadFile(token: string, name: string, data: Buffer) {
  return t.upload('/btz/repository/upload', { token, file: { name, data } });
}
async function fileOf(token: string, id: string, until: RepositoryFile['state'][] = ['done', 'failed']): Promise<RepositoryFile> {
  return waitForJob({
    what: `reading of repository file ${id}`,
    read: async () => {
      const res = await t.api('/btz/repository/detail', { token, query: { id } });
      expect(res.json, res.text).toMatchObject({ success: true });
      return res.json.data as RepositoryFile;
    },
    until: (d) => until.includes(d.state),
  });
}
async function uploadRead(token: string, name: string, data: Buffer): Promise<RepositoryFile> {
  const res = await uploadFile(token, name, data);
  expect(res.json, res.text).toMatchObject({ code: 200, success: true });
  return fileOf(token, (res.json.data as RepositoryFile).id);
}
async function search(token: string, keyword: string): Promise<RepositorySearchResult> {
  const res = await t.api('/btz/repository/search', { token, query: { keyword } });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data as RepositorySearchResult;
}

describe('repository', () => {
  it('reads a past bid DOCX into passages by heading and finds them by Chinese words, ranked', async () => {
    const { token } = await newUser(t);
    const f = await uploadRead(token, '政务云运维投标文件.docx', await buildTenderDocx(PAST_BID));
    expect(f).toMatchObject({ state: 'done', fileType: 'docx', fileName: '政务云运维投标文件.docx', error: null });
    expect(f.passageCount).toBeGreaterThanOrEqual(3);
    const list = (await t.api('/btz/repository/list', { token })).json.data as Page<RepositoryFile>;
    expect(list.records.map((r) => r.id)).toEqual([f.id]);

    const r = await search(token, '故障响应时间');
    expect(r.terms).toEqual(['故障', '响应', '时间']);
    expect(r.records.length).toBeGreaterThan(0);
    const top = r.records[0]!;
    expect(top.heading).toEqual(['第一章 技术方案', '二、售后服务方案']);
    expect(top).toMatchObject({ fileId: f.id, fileName: '政务云运维投标文件.docx', page: 2 });
    expect(top.text).toContain('紧急故障 | 30分钟');
    expect(top.rank).toBeGreaterThan(0);
    // every word must occur: none of the passages speaks of 甘特图 and 负载均衡 at once
    expect((await search(token, '甘特图 负载均衡')).records).toEqual([]);
    expect((await search(token, '甘特图')).records.map((p) => p.heading[1])).toEqual(['三、实施计划']);
  });

  it('reads a PDF too', async () => {
    const { token } = await newUser(t);
    const f = await uploadRead(token, '历史标书.pdf', await buildTenderPdf(PAST_BID));
    expect(f).toMatchObject({ state: 'done', fileType: 'pdf', pageCount: 3 });
    const hit = (await search(token, '巡检报告')).records[0]!;
    expect(hit.page).toBe(2);
    expect(hit.heading.at(-1)).toContain('售后服务方案');
  });

  it('refuses what is not a DOCX/PDF (by content), a file over the limit and a zip bomb; stores nothing', async () => {
    const { token } = await newUser(t);
    const fake = await uploadFile(token, '标书.docx', Buffer.from('这只是一段文字，不是 Word 文件'));
    expect(fake.json).toMatchObject({ code: 400, success: false });
    const big = await uploadFile(token, '大标书.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(LIMIT)]));
    expect(big.json).toMatchObject({ code: 400, success: false });
    expect(big.json.msg).toContain('3 MB');
    const bomb = await uploadFile(token, '炸弹.docx', await buildZipBomb(100));
    expect(bomb.json).toMatchObject({ code: 400, success: false });
    expect(((await t.api('/btz/repository/list', { token })).json.data as Page<RepositoryFile>).total).toBe(0);
    expect((await t.api('/btz/repository/list')).status).toBe(401);
  });

  it('keeps a file whose reading fails, with its error, and reads it again on retry', async () => {
    const { token } = await newUser(t);
    const empty = await buildTenderDocx([[{ kind: 'title', text: '' }]]);
    const f = await uploadRead(token, '空白.docx', empty);
    expect(f.state).toBe('failed');
    expect(f.error).toMatch(/^未能从文件中读取到文字/);
    const again = await t.api('/btz/repository/retry', { token, query: { id: f.id } });
    expect(again.json).toMatchObject({ success: true });
    expect((await fileOf(token, f.id)).state).toBe('failed');
    const done = await uploadRead(token, '正常.docx', await buildTenderDocx(PAST_BID));
    const notFailed = await t.api('/btz/repository/retry', { token, query: { id: done.id } });
    expect(notFailed.json).toMatchObject({ code: 400, msg: '该文件未解析失败，无需重试' });
  });

  it("another user's files and passages are not seen; the enterprise's are shared by its members", async () => {
    const owner = await newUser(t);
    const f = await uploadRead(owner.token, '私有标书.docx', await buildTenderDocx(PAST_BID));
    const other = await newUser(t);
    expect((await search(other.token, '故障响应')).records).toEqual([]);
    for (const path of ['/btz/repository/detail', '/btz/repository/delete', '/btz/repository/retry']) {
      const res = await t.api(path, { token: other.token, query: { id: f.id } });
      expect(res.json, path).toMatchObject({ code: 400, success: false, msg: '文件不存在' });
    }
    const switched = await t.api('/btz/user/switch-role', { token: owner.token, query: { loginRole: 1 } });
    const enterpriseId = switched.json.data.team.id as string;
    expect((await search(owner.token, '故障响应')).records).toEqual([]);
    await uploadRead(owner.token, '企业标书.docx', await buildTenderDocx(PAST_BID));
    const member = await newUser(t);
    await t.server.db.db.updateTable('users').set({ enterprise_id: enterpriseId, login_role: 1 }).where('id', '=', member.userId).execute();
    expect((await search(member.token, '故障响应')).records[0]?.fileName).toBe('企业标书.docx');
    await t.api('/btz/user/switch-role', { token: owner.token, query: { loginRole: 0 } });
    expect((await search(owner.token, '故障响应')).records[0]?.fileId).toBe(f.id);
    // deleting a file takes its passages with it
    expect((await t.api('/btz/repository/delete', { token: owner.token, query: { id: f.id } })).json).toMatchObject({ success: true });
    expect((await search(owner.token, '故障响应')).records).toEqual([]);
  });
});

describe('suggestions for a bid section', () => {
  const leaves = (nodes: BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));

  it('lists the passages that serve a section (title and scoring row), pinned first, excluded left out', async () => {
    const { token } = await newUser(t);
    await uploadRead(token, '往年标书.docx', await buildTenderDocx(PAST_BID));
    const bidId = await outlinedBid(t, token);
    const outline = (await detail(t, token, bidId)).outline!;
    const service = leaves(outline).find((n) => n.title === '响应时间与处理流程');
    expect(service, JSON.stringify(leaves(outline).map((n) => n.title))).toBeTruthy();
    const suggest = async (): Promise<RepositorySuggestion> => {
      const res = await t.api('/btz/repository/suggest', { token, query: { id: bidId, nodeId: service!.id } });
      expect(res.json, res.text).toMatchObject({ success: true });
      return res.json.data as RepositorySuggestion;
    };
    const s = await suggest();
    expect(s.records.length).toBeGreaterThan(0);
    expect(s.records.length).toBeLessThanOrEqual(5);
    expect(s.records[0]!.heading.at(-1)).toBe('二、售后服务方案');
    expect(s.terms).toEqual(expect.arrayContaining(['响应', '时间', '处理', '流程']));

    const plan = (await search(token, '甘特图')).records[0]!;
    const pick = (passageId: string, p: string) => t.api('/btz/repository/pick', { token, query: { id: bidId, nodeId: service!.id, passageId, pick: p } });
    expect((await pick(plan.id, 'pin')).json).toMatchObject({ success: true });
    expect((await pick(s.records[0]!.id, 'exclude')).json).toMatchObject({ success: true });
    const s2 = await suggest();
    expect(s2.pinned).toEqual([plan.id]);
    expect(s2.records[0]!.id).toBe(plan.id);
    expect(s2.records.map((r) => r.id)).not.toContain(s.records[0]!.id);
    expect(s2.excluded).toBe(1);
    expect((await pick(s.records[0]!.id, 'none')).json).toMatchObject({ success: true });
    expect((await suggest()).records.map((r) => r.id)).toContain(s.records[0]!.id);

    // another user: neither the bid nor the passage
    const other = await newUser(t);
    const res = await t.api('/btz/repository/suggest', { token: other.token, query: { id: bidId, nodeId: service!.id } });
    expect(res.json).toMatchObject({ success: false });
  });
});

describe('the offline writer reuses a past passage', () => {
  const leaves = (nodes: BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));
  /** a past bid of another project whose 响应时间与处理流程 section names it, its number and purchaser */
  const OTHER_PROJECT: Block[][] = [
    [
      { kind: 'title', text: '云溪市政务云平台运维项目投标文件' },
      { kind: 'h1', text: '第五章 售后服务' },
      { kind: 'h2', text: '一、响应时间与处理流程' },
      { kind: 'p', text: '项目名称：云溪市政务云平台运维项目，项目编号：BJ-YW-2022-031，采购人：云溪市大数据中心。' },
      { kind: 'p', text: '我方为云溪市政务云平台运维项目设立二十四小时值班热线，接到报修后由值班工程师登记工单并逐级派发。' },
      { kind: 'p', text: '一般故障由驻场工程师现场处置，重大故障启动应急预案，由技术负责人组织专家会诊，处理完毕后向云溪市大数据中心提交故障分析报告。' },
      { kind: 'p', text: '本合同金额为286万元。我方另承担了“临江县智慧水务平台运维项目”的同类工作。' },
    ],
  ];

  it('writes the matching section with the passage adapted: this project named, the old one gone, the reuse marked', async () => {
    const { token } = await newUser(t);
    await uploadRead(token, '云溪运维投标文件.docx', await buildTenderDocx(OTHER_PROJECT));
    const bidId = await outlinedBid(t, token);
    const bid = await detail(t, token, bidId);
    const node = leaves(bid.outline!).find((n) => n.title === '响应时间与处理流程')!;
    expect(node).toBeTruthy();
    await buyCopies(t, token, 1, 1);
    const res = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
    expect(res.json?.success, res.text).toBe(true);
    await waitWritten(t, token, bidId);
    const text = (await section(t, token, bidId, node.id)).text;
    expect(text).toContain('（以下内容参考本单位以往标书《云溪运维投标文件.docx》');
    expect(text).toContain('设立二十四小时值班热线，接到报修后由值班工程师登记工单并逐级派发');
    expect(text).toContain(`我方为${bid.card!.projectName!.value}设立二十四小时值班热线`);
    expect(text).toContain(`向${bid.card!.purchaser!.value}提交故障分析报告`);
    // the old project, its number and purchaser, its amount and the other project it named are gone (the file name stays cited)
    expect(text).not.toMatch(/云溪市|BJ-YW|286万元|临江县/);
    // a section on another subject reuses nothing
    const other = leaves(bid.outline!).find((n) => n.mode === 'ai' && n.id !== node.id && !/响应|处理|流程|售后/.test(n.title))!;
    expect((await section(t, token, bidId, other.id)).text).not.toContain('以往标书');
  });
});
