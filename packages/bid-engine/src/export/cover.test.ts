import { describe, expect, it } from 'vitest';
import mammoth from 'mammoth';
import { coverDate, coverFromForm, findCoverForm, standardCover, type CoverCard, type CoverLine } from './cover.js';
import { exportBidDocx } from './docx.js';

const fact = (value: string) => ({ value, text: value }) as never;
const card: CoverCard = {
  projectName: fact('松江客整所列车库内保洁服务'),
  projectNumber: fact('HT-2026-018'),
  purchaser: fact('上海华铁旅客服务有限公司'),
  agency: fact('上海某招标代理有限公司'),
  deadline: fact('2026-03-25 10:00'),
};
const bidder = { name: '上海某保洁服务有限公司', address: '上海市松江区某路1号' };
const show = (lines: CoverLine[] | null) => (lines ?? []).map((l) => (l.kind === 'title' ? l.text : `${l.text}：${l.value}${l.note ?? ''}`));

describe('the cover from the card', () => {
  it('dates the cover on the bid deadline, else today — and says which', () => {
    expect(coverDate(card)).toEqual({ text: '2026年3月25日', source: 'deadline' });
    expect(coverDate({ ...card, deadline: null }, undefined, new Date(2026, 10, 26))).toEqual({ text: '2026年11月26日', source: 'today' });
    expect(coverDate(card, '2026年4月1日').source).toBe('given');
  });

  it('follows the tender’s cover form line by line (a form ending at the next form)', () => {
    const form = [
      '（一）投标文件封面样式',
      '正本/副本',
      '（项目名称）招标',
      '项目编号：  * * *  ',
      '投标文件',
      '投标人：（加盖单位章）',
      '法定代表人（单位负责人）或委托代理人：（签字/盖章）',
      '日期：  年  月   日',
      '（二）投标承诺函',
      '上海华铁旅客服务有限公司：',
    ].join('\n');
    expect(show(coverFromForm({ title: '（一）投标文件封面样式', text: form }, card, bidder, '2026年3月25日'))).toEqual([
      '正本/副本',
      '松江客整所列车库内保洁服务招标',
      '项目编号：HT-2026-018',
      '投标文件',
      '投标人：上海某保洁服务有限公司（加盖单位章）',
      '法定代表人（单位负责人）或委托代理人：（签字/盖章）',
      '日期：2026年3月25日',
    ]);
  });

  it('reads a form the reader gave as one line (a text box), and does not double the project name’s last word', () => {
    const form = '（一）投标文件封面样式\n正本/副本 （项目名称）招标 项目编号：  * * * 投标文件 投标人：（加盖单位章） 法定代表人（单位负责人）或委托代理人：（签字/盖章） 日期：年月日';
    const named = { ...card, projectName: fact('松江客整所列车库内保洁服务招标') };
    expect(show(coverFromForm({ title: '（一）投标文件封面样式', text: form }, named, bidder, '2026年3月25日'))).toEqual([
      '正本/副本',
      '松江客整所列车库内保洁服务招标',
      '项目编号：HT-2026-018',
      '投标文件',
      '投标人：上海某保洁服务有限公司（加盖单位章）',
      '法定代表人（单位负责人）或委托代理人：（签字/盖章）',
      '日期：2026年3月25日',
    ]);
  });

  it('fills agency, lot and contact fields, leaves placeholders for what nobody gave, and stops at a spine', () => {
    const form = [
      '附件 17 投标文件封面和背脊的格式',
      '（投标文件封面要求：封面为 A4 纸，示例如下）',
      '招标项目名称：',
      '采购代理机构：',
      '招标编号：',
      '分包号：',
      '投标文件',
      '正本（或副本）',
      '投标人名称：',
      '投标人地址：',
      '投标人传真：',
      '提交投标文件日期：',
      '60',
      '投标人名称：',
    ].join('\n');
    expect(show(coverFromForm({ title: '投标文件封面和背脊的格式', text: form }, card, { name: '' }, '2026年3月25日'))).toEqual([
      '招标项目名称：松江客整所列车库内保洁服务',
      '采购代理机构：上海某招标代理有限公司',
      '招标编号：HT-2026-018',
      '分包号：【待填写：分包号】',
      '投标文件',
      '正本（或副本）',
      '投标人名称：【待填写：投标人名称】',
      '投标人地址：【待填写：投标人地址】',
      '投标人传真：【待填写：投标人传真】',
      '提交投标文件日期：2026年3月25日',
    ]);
  });

  it('finds the cover form among the tender’s pages, not its table-of-contents line, and stops at the spine', () => {
    const pages = [
      { page: 2, text: '目录\n格式 2.投标文件封面格式参考 ........ 54\n格式 3.投标函 ........ 55' },
      { page: 54, text: '格式 2.投标文件封面格式参考\n正本/副本\n投标文件\n项目名称：（项目名称）\n投标人名称：（盖单位章）\n54' },
      { page: 55, text: '格式 3.投标函\n致：某采购人' },
    ];
    const form = findCoverForm(pages)!;
    expect(form.title).toBe('格式 2.投标文件封面格式参考');
    expect(show(coverFromForm(form, card, bidder, 'd'))).toEqual(['正本/副本', '投标文件', '项目名称：松江客整所列车库内保洁服务', '投标人名称：上海某保洁服务有限公司（盖单位章）']);
    // the composition's link wins: its page and heading
    expect(findCoverForm(pages, { title: '格式 2.投标文件封面格式参考', page: 54 })?.text).toContain('正本/副本');
    const spine = '附件 17 投标文件封面和背脊的格式\n项目名称：\n投标文件\n投标人名称：\n投\n标\n人\n名\n称';
    expect(show(coverFromForm({ title: '附件 17 投标文件封面和背脊的格式', text: spine }, card, bidder, 'd'))).toEqual([
      '项目名称：松江客整所列车库内保洁服务', '投标文件', '投标人名称：上海某保洁服务有限公司',
    ]);
  });

  it('a form heading with nothing to fill under it gives the standard cover', () => {
    expect(coverFromForm({ title: '投标文件封面', text: '投标文件封面\n（略）' }, card, bidder, 'x')).toBeNull();
    expect(show(standardCover(card, bidder, '2026年3月25日'))).toEqual([
      '松江客整所列车库内保洁服务',
      '投 标 文 件',
      '项目编号：HT-2026-018',
      '采 购 人：上海华铁旅客服务有限公司',
      '投 标 人：上海某保洁服务有限公司（盖章）',
      '日    期：2026年3月25日',
    ]);
  });

  it('the standard cover uses the tender’s own words: 响应文件 and 供应商 where its forms say so (issue 24)', () => {
    const forms = [{ title: '一、响应函', page: 30, blocks: [{ t: 'p' as const, text: '我方（供应商名称）提交响应文件正本一份，供应商承诺……' }] }];
    expect(show(standardCover({ ...card, forms }, bidder, '2026年3月25日'))).toEqual([
      '松江客整所列车库内保洁服务',
      '响 应 文 件',
      '项目编号：HT-2026-018',
      '采 购 人：上海华铁旅客服务有限公司',
      '供 应 商：上海某保洁服务有限公司（盖章）',
      '日    期：2026年3月25日',
    ]);
  });

  it('the exported Word file prints the filled form first, never the upload’s name, and leaves the cover part out of the body', async () => {
    const buf = await exportBidDocx({
      title: '保洁招标文件-定稿.docx',
      bidderName: '上海某保洁服务有限公司',
      card: { ...card, composition: [] },
      coverForm: { title: '投标文件封面', text: '投标文件封面\n投 标 文 件\n项目名称：\n项目编号：\n投标人：（盖章）\n日期：' },
      outline: [
        { id: 'c', title: '投标文件封面', level: 1, children: [] },
        { id: 't', title: '编制目录', level: 1, children: [] },
        { id: 'a', title: '投标函', level: 1, children: [] },
      ],
      sections: { c: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '封面正文不应出现' }] }] } },
      settings: { headingStyle: 'chapter', pageNumber: { start: 1, format: 'plain', position: 'center' } },
    });
    const raw = (await mammoth.extractRawText({ buffer: buf })).value;
    const head = raw.slice(0, raw.indexOf('目  录'));
    expect(head).toMatch(/投 标 文 件\s+项目名称：松江客整所列车库内保洁服务\s+项目编号：HT-2026-018\s+投标人：上海某保洁服务有限公司（盖章）\s+日期：2026年3月25日/);
    expect(raw).not.toContain('定稿');
    expect(raw).not.toContain('封面正文不应出现');
    expect(raw).not.toContain('编制目录'); // the TOC the tender asks for is the one printed
    expect(raw).toContain('投标函');
  });
});
