import { describe, expect, it } from 'vitest';
import type { Block, DocModel } from '../reading/model/types.js';
import { queryTerms, segmentWords, sectionQuery, splitPassages, tsqueryLiteral, tsvectorLiteral } from './index.js';

const h = (level: number, text: string, page = 1): Block => ({ type: 'heading', level, numbering: '', title: text, text, page, pageEnd: page });
const p = (text: string, page = 1): Block => ({ type: 'paragraph', text, page, pageEnd: page });
const model = (blocks: Block[]): DocModel => ({ blocks, furniture: [], pageCount: 10 });
const para = (n: number, word = '施工') => `${word}方案${'内容说明'.repeat(Math.ceil(n / 4))}`.slice(0, n) + '。';

describe('splitPassages', () => {
  it('gives each heading its text with the heading path and page, tables as text', () => {
    const out = splitPassages(
      model([
        h(1, '第一章 技术方案', 2),
        h(2, '一、施工组织设计', 3),
        p(para(300), 3),
        h(2, '二、质量保证措施', 5),
        p(para(250, '质量'), 5),
        { type: 'table', columns: 2, parts: 1, page: 6, pageEnd: 6, rows: [{ page: 6, cells: [{ text: '岗位', col: 0, colSpan: 1, rowSpan: 1 }, { text: '项目经理', col: 1, colSpan: 1, rowSpan: 1 }] }] },
      ]),
    );
    expect(out.map((x) => x.path)).toEqual([
      ['第一章 技术方案', '一、施工组织设计'],
      ['第一章 技术方案', '二、质量保证措施'],
    ]);
    expect(out[0]!.page).toBe(3);
    expect(out[1]!.page).toBe(5);
    expect(out[1]!.text).toContain('岗位 | 项目经理');
  });

  it('cuts a long section at paragraph ends, every passage within the bounds', () => {
    const blocks: Block[] = [h(1, '第二章 服务方案')];
    for (let i = 0; i < 12; i++) blocks.push(p(para(400), 1 + i));
    const out = splitPassages(model(blocks));
    expect(out.length).toBeGreaterThan(2);
    for (const x of out) {
      expect(x.text.length).toBeLessThanOrEqual(1500);
      expect(x.text.length).toBeGreaterThanOrEqual(200);
      expect(x.text.startsWith('施工方案')).toBe(true); // cut between paragraphs, never inside one
    }
    expect(out.map((x) => x.page)).toEqual([...out.map((x) => x.page)].sort((a, b) => a - b));
    expect(out.reduce((n, x) => n + x.text.replace(/\n/g, '').length, 0)).toBe(12 * 401);
  });

  it('cuts an over-long paragraph at sentence ends', () => {
    const long = Array.from({ length: 120 }, (_, i) => `第${i}句话讲述运维服务的响应时间与保障措施。`).join('');
    const out = splitPassages(model([h(1, '运维'), p(long)]));
    expect(out.length).toBeGreaterThan(1);
    for (const x of out) expect(x.text.endsWith('。')).toBe(true);
  });

  it('carries a short section into the first section under it', () => {
    const out = splitPassages(model([h(1, '第三章 人员配置'), p('本章说明人员。'), h(2, '一、项目经理'), p(para(300))]));
    expect(out).toHaveLength(1);
    expect(out[0]!.path).toEqual(['第三章 人员配置', '一、项目经理']);
    expect(out[0]!.text.startsWith('本章说明人员。')).toBe(true);
  });
});

describe('segmentation', () => {
  it('splits Chinese into words and queries leave out stop words and single characters', () => {
    expect(segmentWords('施工组织设计方案合理')).toEqual(['施工', '组织', '设计', '方案', '合理']);
    expect(segmentWords('ISO９００１认证')).toEqual(['iso9001', '认证']);
    expect(queryTerms('我方的质量保证措施')).toEqual(['质量', '措施']);
  });

  it('writes tsvector and tsquery input with quotes escaped and the heading at weight A', () => {
    expect(tsvectorLiteral('质量', "it's 质量")).toBe("'质量':1A,3 'it''s':2");
    expect(tsqueryLiteral(['质量', '措施'], '|')).toBe("'质量' | '措施'");
  });

  it('builds a section query from its title and scoring rows', () => {
    const card = { scoring: [{ id: 's1', item: '售后服务', criteria: '响应及时得5分', points: 5, category: 'technical' }], requirements: [] } as never;
    const q = sectionQuery(card, { title: '售后服务方案', scoringIds: ['s1'] });
    expect(q).toContain('售后服务方案');
    expect(q).toContain('响应及时得5分');
  });
});

describe('reference passages in the model prompt', () => {
  it('lists the passages with their file, page and heading, clipped, after the task — and nothing without them', async () => {
    const { MAIN_FILE } = await import('../../test/fixtures/tender-pages.js');
    const { extractCard, flattenOutline, generateOutline } = await import('../tender/index.js');
    const { buildFactSheet, buildSectionMessages } = await import('../writer/index.js');
    const card = extractCard([MAIN_FILE]);
    const { nodes: outline } = generateOutline(card, { bidType: 1 });
    const leaf = flattenOutline(outline).find((n) => n.isLeaf && n.mode === 'ai')!;
    const input = { card, node: leaf, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1200, bidType: 1 as const, outline };
    const long = '我方提供7×24小时驻场运维，故障响应时间不超过30分钟。'.repeat(60);
    const task = (refs?: Parameters<typeof buildSectionMessages>[0]['references']) => buildSectionMessages({ ...input, references: refs }).at(-1)!.content;
    const withRefs = task([{ heading: ['第一章 技术方案', '二、售后服务方案'], fileName: '往年标书.docx', page: 12, text: long }]);
    expect(withRefs).toContain('- 参考资料：本单位以往标书中与本节相关的段落');
    expect(withRefs).toContain('1. 《往年标书.docx》第 12 页 · 第一章 技术方案 > 二、售后服务方案：我方提供7×24小时驻场运维');
    expect(withRefs.length - task().length).toBeLessThan(1000);
    expect(task()).not.toContain('参考资料');
    expect(task([])).toBe(task());
  });
});

describe('re-ranking a section pool', () => {
  it('puts the past section of the same title and project first, one of identical passages, two per past section', async () => {
    const { rerankPassages } = await import('./index.js');
    const profile = { title: '售后服务方案', parents: ['技术部分'], rows: ['售后服务'], project: ['东湖区第一中学食堂托管服务项目'] };
    const body = (s: string) => `${s}我方建立完善的服务体系，设立专职服务团队，故障响应及时，定期回访用户。`.repeat(4);
    const pool = [
      { id: 'a', fileId: 'f1', heading: ['第五章 技术方案', '5.1 施工组织设计'], text: body('施工组织设计。'), rank: 0.9 },
      { id: 'b', fileId: 'f2', heading: ['第三章', '3.2 售后服务方案'], text: body('西山县人民医院保洁服务项目售后服务。'), rank: 0.5 },
      { id: 'c', fileId: 'f3', heading: ['第三章', '3.4 售后服务方案'], text: body('东湖区第一中学食堂托管服务项目售后服务。'), rank: 0.4 },
      { id: 'd', fileId: 'f4', heading: ['第三章', '3.2 售后服务方案'], text: body('西山县人民医院保洁服务项目售后服务。'), rank: 0.5 },
      { id: 'e', fileId: 'f3', heading: ['第三章', '3.4 售后服务方案'], text: '东湖区第一中学食堂托管服务项目售后服务备品备件清单：厨房设备易损件常备库存，由仓库管理员每周盘点补充。'.repeat(3), rank: 0.3 },
      { id: 'g', fileId: 'f3', heading: ['第三章', '3.4 售后服务方案'], text: '东湖区第一中学食堂托管服务项目售后培训安排：新员工上岗前接受食品安全与消防演练培训，考核合格后上岗。'.repeat(3), rank: 0.3 },
    ];
    const top = rerankPassages(profile, pool, 5).map((p) => p.id);
    expect(top[0]).toBe('c');
    expect(top.filter((x) => x === 'b' || x === 'd')).toHaveLength(1); // identical text once
    expect(top.filter((x) => ['c', 'e', 'g'].includes(x))).toHaveLength(2); // at most two of one past section
    expect(top.at(-1)).toBe('a');
  });
});

describe('a past passage adapted by the offline writer', () => {
  const past = [
    '项目名称：西山县人民医院保洁服务项目，项目编号：XS-2023-018，采购人：西山县人民医院。',
    '我方针对西山县人民医院保洁服务项目组建专职售后服务团队，故障响应时间不超过30分钟，24小时内到场处理。',
    '1. 每月对采购人进行一次回访，收集意见并形成整改清单。',
    '我方曾承担“北岭镇卫生院物业服务项目”，获得用户好评。合同金额为128万元。',
    '岗位 | 人数 | 职责',
  ].join('\n');

  it('puts this tender’s name, number and purchaser in, drops sentences of another project, adds no figure', async () => {
    const { adaptPassage } = await import('./index.js');
    const card = { projectName: { value: '东湖区第一中学食堂托管服务项目' }, projectNumber: { value: 'DH-2025-007' }, purchaser: { value: '东湖区第一中学' } } as never;
    const a = adaptPassage(past, card);
    const text = a.lines.join('\n');
    expect(text).toContain('项目名称：东湖区第一中学食堂托管服务项目');
    expect(text).toContain('项目编号：DH-2025-007');
    expect(text).toContain('我方针对东湖区第一中学食堂托管服务项目组建专职售后服务团队');
    expect(text).not.toMatch(/西山县|北岭镇|XS-2023|128万元/);
    expect(text).toContain('1. 每月对采购人进行一次回访'); // list marker and lines kept
    expect(text).toContain('岗位 | 人数 | 职责');
    expect(a.dropped).toBe(2);
    expect(a.replaced.map(([o]) => o)).toEqual(expect.arrayContaining(['西山县人民医院保洁服务项目', 'XS-2023-018', '西山县人民医院']));
    // every figure of the adapted text is the passage's or the card's
    const figures = (s: string) => s.match(/\d+/g) ?? [];
    for (const f of figures(text)) expect(`${past} DH-2025-007`).toContain(f);
  });

  it('writes a placeholder for a fact the card lacks, and the offline writer marks what it reused', async () => {
    const { adaptPassage } = await import('./index.js');
    const a = adaptPassage(past, { projectName: null, projectNumber: null, purchaser: null });
    expect(a.lines.join('\n')).toContain('项目名称：【待填写：项目名称】');
    const { MAIN_FILE } = await import('../../test/fixtures/tender-pages.js');
    const { extractCard, flattenOutline, generateOutline } = await import('../tender/index.js');
    const { buildFactSheet, writeSectionOffline } = await import('../writer/index.js');
    const card = extractCard([MAIN_FILE]);
    const { nodes: outline } = generateOutline(card, { bidType: 1 });
    const leaf = flattenOutline(outline).find((n) => n.isLeaf && n.mode === 'ai')!;
    const input = { card, node: leaf, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1200, bidType: 1 as const, outline };
    const r = writeSectionOffline({ ...input, reuse: [{ heading: ['第三章', '3.2 售后服务方案'], fileName: '往年标书.docx', page: 7, text: past }] });
    expect(r.text).toContain('（以下内容参考本单位以往标书《往年标书.docx》第 7 页「3.2 售后服务方案」，已按本项目调整，请核对。）');
    expect(r.text).toContain('组建专职售后服务团队');
    expect(r.text).not.toContain('西山县');
    expect(r.reused).toHaveLength(1);
    expect(writeSectionOffline(input).reused).toBeUndefined();
  });
});

describe('the bidder’s own knowledge first (issue 24 item 3)', () => {
  const passage = (id: string, heading: string, text: string) => ({ id, fileId: 'f1', heading: ['第三章 服务方案', heading], text, rank: 0.5 });
  const pool = [
    passage('letter', '三、承诺函', '致：滨江区机关事务管理局\n我单位参加本项目投标，现郑重承诺：所提供的材料真实有效。\n投标人（盖章）：\n日期：    年    月    日'),
    passage('quality', '三、质量保证措施', '我公司实行三级质量检查：作业人员自查、组长每日巡查、项目经理每周全面检查，检查结果记入质量检查表。'),
    passage('staff', '二、人员配置', '本项目驻场人员12人：项目经理1名，综合服务员5名，保洁员6名；人员离岗时由储备人员当日补位。'),
    passage('promise', '六、服务承诺', '我公司承诺严格执行合同约定的服务标准，对采购人提出的服务投诉2小时内响应并回访。'),
  ];

  it('gives a plan section the past passages on its subject, never an old bid’s declaration or form', async () => {
    const { isFormPassage, passagesToReuse, rerankPassages, sectionProfile } = await import('./index.js');
    expect(isFormPassage(pool[0]!)).toBe(true);
    expect(isFormPassage(pool[1]!)).toBe(false);
    const reuse = (title: string, mode: 'ai' | 'form' = 'ai') => {
      const profile = sectionProfile(null, { title, scoringIds: [], mode });
      return passagesToReuse(profile, rerankPassages(profile, pool, 5), []).map((p) => p.id);
    };
    // the same subject under another title (质量控制 ← 质量保证措施, 人员安排 ← 人员配置)
    expect(reuse('质量控制与考核')).toEqual(['quality']);
    expect(reuse('人员安排')).toEqual(['staff']);
    // a 服务承诺 plan gets the old plan's commitments, not the old 承诺函
    expect(reuse('服务承诺')).toEqual(['promise']);
    const profile = sectionProfile(null, { title: '服务承诺', scoringIds: [], mode: 'ai' });
    expect(rerankPassages(profile, pool, 5).map((p) => p.id)).not.toContain('letter');
    // a form section may still be offered the old form
    expect(rerankPassages(sectionProfile(null, { title: '承诺函', scoringIds: [], mode: 'form' }), pool, 5).map((p) => p.id)).toContain('letter');
  });

  it('puts the tender’s own figure where the old contract’s contradicts it, and the past text opens the section', async () => {
    const { adaptPassage } = await import('./index.js');
    const { MAIN_FILE } = await import('../../test/fixtures/tender-pages.js');
    const { extractCard, flattenOutline, generateOutline } = await import('../tender/index.js');
    const { buildFactSheet, writeSectionOffline } = await import('../writer/index.js');
    const { cardValues } = await import('../health/index.js');
    const fixture = extractCard([MAIN_FILE]);
    const star = { id: 'star-w', text: '★质保期不少于两年。', source: { page: 3, excerpt: '★质保期不少于两年。' } };
    const card = { ...fixture, starClauses: [...fixture.starClauses, star] } as typeof fixture;
    expect(cardValues(card).find((v) => v.kind === 'warranty'), 'the tender states a 质保期').toBeTruthy();
    const a = adaptPassage('我方提供质保期1个月的免费保修服务，接到报修后由驻场工程师处理。', card);
    const text = a.lines.join('');
    // the old contract's 1 个月 becomes the tender's own writing of its figure
    expect(text).toContain('我方提供质保期两年的免费保修服务');
    expect(text).toContain('接到报修后由驻场工程师处理');
    expect(a.replaced).toContainEqual(['1个月', '两年']);

    const { nodes: outline } = generateOutline(card, { bidType: 1 });
    const leaf = flattenOutline(outline).find((n) => n.isLeaf && n.mode === 'ai' && n.scoringIds.length)!;
    const r = writeSectionOffline({
      card, node: leaf, parentTitles: [], siblingTitles: [], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1200, bidType: 1, outline,
      reuse: [{ heading: ['第三章', leaf.title], fileName: '往年标书.docx', page: 7, text: '我方建立三级质量检查制度：作业人员自查、组长每日巡查、项目经理每周全面检查，检查结果记入质量检查表。\n对检查发现的问题开具整改通知单，明确整改责任人与完成时限，整改完成后由检查人复查闭环。' }],
    });
    const at = r.text.indexOf('三级质量检查制度');
    expect(at).toBeGreaterThan(0);
    // before the point-to-point responses and anything composed
    expect(at).toBeLessThan(r.text.indexOf('评审要点逐项响应'));
  });
});
