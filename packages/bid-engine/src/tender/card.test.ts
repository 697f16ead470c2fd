import { describe, expect, it } from 'vitest';
import { CARD_FACT_KEYS, CARD_LIST_KEYS, type CardEntry, type TenderCard } from '@btz/shared';
import { AMENDMENT_FILE, LOTS_FILE, MAIN_FILE, MAIN_PAGES, pagesOf } from '../../test/fixtures/tender-pages.js';
import { extractCard } from './card.js';
import { verifyCard, verifyExcerpt } from './verify.js';
import type { TenderFileInput } from './types.js';

const FILE = MAIN_FILE.name;

/** Every entry of the card: verified on its page, the excerpt really on that page of that file. */
function expectAllVerified(card: TenderCard, files: TenderFileInput[]): void {
  const entries: CardEntry[] = [
    ...CARD_FACT_KEYS.map((k) => card[k]).filter((x): x is NonNullable<typeof x> => !!x),
    ...CARD_LIST_KEYS.flatMap((k) => card[k] as CardEntry[]),
  ];
  expect(entries.length).toBeGreaterThan(0);
  for (const e of entries) {
    const f = files.find((x) => x.name === e.source.file)!;
    expect(f, e.source.file).toBeDefined();
    expect(verifyExcerpt(f.pages, e.source.page, e.source.excerpt), e.source.excerpt).toBe(true);
    expect(e.verified).toBe(true);
    expect(e.flags ?? []).not.toContain('unverified');
    expect(e.origin).toBe('rule');
  }
}

describe('extractCard — the facts of a tender, each with its page and a verified excerpt', () => {
  const card = extractCard([MAIN_FILE]);

  it('project name, number, purchaser and agency', () => {
    expect(card.projectName).toMatchObject({
      value: '智慧园区综合管理平台建设项目',
      source: { page: 3, file: FILE, excerpt: '项目名称：智慧园区综合管理平台建设项目' },
      verified: true,
    });
    expect(card.projectNumber).toMatchObject({ value: 'ZB-2026-118', source: { page: 1, file: FILE, excerpt: '项目编号：ZB-2026-118' }, verified: true });
    expect(card.purchaser).toMatchObject({ value: '江州市数据资源管理局', source: { page: 1, excerpt: '采购人：江州市数据资源管理局' }, verified: true });
    expect(card.agency).toMatchObject({ value: '江州建信招标咨询有限公司', source: { page: 1, excerpt: '采购代理机构：江州建信招标咨询有限公司' } });
  });

  it('budget and ceiling price in yuan (万元, thousands separators)', () => {
    expect(card.budget).toMatchObject({ value: 3_865_000, text: '386.5万元', source: { page: 3 }, verified: true });
    expect(card.budget!.source.excerpt).toBe('预算金额：386.5万元（大写：人民币叁佰捌拾陆万伍仟元整）');
    expect(card.ceilingPrice).toMatchObject({ value: 3_800_000, source: { page: 3, excerpt: '最高限价：3,800,000.00元' }, verified: true });
  });

  it('deadline and opening time normalised to YYYY-MM-DD HH:mm, opening place, bid bond', () => {
    expect(card.deadline).toMatchObject({ value: '2026-12-18 09:30', source: { page: 3, excerpt: '投标截止时间：2026年12月18日 09:30' }, verified: true });
    expect(card.deadline!.flags).toBeUndefined();
    expect(card.openingTime).toMatchObject({ value: '2026-12-18 09:30', source: { page: 3 } });
    expect(card.openingPlace).toMatchObject({ value: '江州市公共资源交易中心三楼第二开标室（江州市解放路88号）', source: { page: 3 } });
    expect(card.bidBond).toMatchObject({ amount: 50_000, source: { page: 3, excerpt: '投标保证金：人民币伍万元整（¥50,000.00）' }, verified: true });
    expect(card.bidBond!.value).toContain('人民币伍万元整');
  });

  it('the 澄清截止时间 is not taken for the bid deadline', () => {
    const only = extractCard([{ ...MAIN_FILE, pages: MAIN_FILE.pages.filter((p) => p.page === 4) }]);
    expect(only.deadline).toBeNull();
  });

  it('qualifications: the list under 资格要求, wrapped lines joined', () => {
    expect(card.qualifications.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(card.qualifications[0]).toMatchObject({ text: '具有独立承担民事责任的能力，提供营业执照副本复印件；', source: { page: 3 }, verified: true });
    expect(card.qualifications[4]!.text).toBe('具备信息系统集成及服务资质（ITSS）三级及以上，提供有效证书复印件；');
    expect(card.qualifications[5]!.text).toContain('不接受联合体投标');
  });

  it('the 评分标准 table: 10 rows with points, criteria (wrapped) and category', () => {
    const rows = card.scoring.map((s) => [s.id, s.item, s.points, s.category]);
    expect(rows).toEqual([
      ['s1', '价格分', 30, 'price'],
      ['s2', '技术方案', 15, 'technical'],
      ['s3', '实施方案', 10, 'technical'],
      ['s4', '项目团队', 8, 'technical'],
      ['s5', '售后服务', 7, 'technical'],
      ['s6', '培训方案', 5, 'technical'],
      ['s7', '应急预案', 5, 'technical'],
      ['s8', '类似业绩', 8, 'commercial'],
      ['s9', '企业资质', 6, 'commercial'],
      ['s10', '企业信誉', 6, 'commercial'],
    ]);
    expect(card.scoring.reduce((a, s) => a + (s.points ?? 0), 0)).toBe(100);
    expect(card.scoring[1]!.criteria).toBe('方案完整、先进、可行，完全满足招标需求得15分；基本满足得8分；不满足不得分。');
    for (const s of card.scoring) expect(s.source).toMatchObject({ page: 5, file: FILE });
    expect(card.scoring[2]!.source.excerpt.startsWith('3 实施方案 10分')).toBe(true);
  });

  it('★ and ▲ clauses, without the note that explains the marks', () => {
    expect(card.starClauses.map((c) => c.text)).toEqual([
      '平台须采用B/S架构，支持国产操作系统和国产数据库。',
      '系统须通过国家信息安全等级保护三级测评。',
      '交付期限：合同签订后90日内完成部署并上线试运行。',
    ]);
    expect(card.starClauses[0]).toMatchObject({ id: 'star1', source: { page: 6, excerpt: '1. ★平台须采用B/S架构，支持国产操作系统和国产数据库。' } });
    expect(card.importantClauses.map((c) => c.text)).toEqual(['支持不少于5000路视频接入。', '平台响应时间不大于2秒。']);
    expect(card.importantClauses[1]).toMatchObject({ id: 'imp2', source: { page: 6 } });
  });

  it('废标 / 无效投标 clauses: the listed cases and the sentences elsewhere', () => {
    const texts = card.invalidClauses.map((c) => c.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        '未按招标文件要求提交投标保证金的；',
        '投标文件未按要求签字、盖章的；',
        '投标报价超过最高限价的；',
        '不满足招标文件★条款要求的。',
        '其他说明：投标人不得相互串通投标，否则其投标将被拒绝。',
      ]),
    );
    expect(texts.some((t) => t.includes('不满足将导致投标无效'))).toBe(true);
    expect(card.invalidClauses.find((c) => c.text.startsWith('投标报价超过'))!.source.page).toBe(7);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('the composition of the bid file, in order, with what each part contains', () => {
    expect(card.composition.map((c) => c.title)).toEqual(['投标函', '法定代表人授权书', '开标一览表', '资格证明文件', '商务部分', '技术部分', '报价部分']);
    expect(card.composition.map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(card.composition[5]).toMatchObject({ note: '包括技术方案、实施方案、售后服务方案等', source: { page: 4 } });
  });

  it('format rules: copies, binding, page numbers, signatures and seals', () => {
    const texts = card.formatRules.map((f) => f.text).join('\n');
    expect(texts).toContain('正本一份，副本四份');
    expect(texts).toContain('胶装成册');
    expect(texts).toContain('逐页编写页码');
    expect(texts).toContain('签字并加盖单位公章');
    expect(card.formatRules[0]!.source.page).toBe(4);
  });

  it('every entry is verified against its page; no lots; offline writer; files listed', () => {
    expectAllVerified(card, [MAIN_FILE]);
    expect(card.lots).toEqual([]);
    expect(card.lot).toBeNull();
    expect(card.writer).toBe('offline');
    expect(card.files).toEqual([{ name: FILE, role: 'main', order: 1 }]);
  });

  it('is deterministic and JSON-safe', () => {
    expect(JSON.parse(JSON.stringify(extractCard([MAIN_FILE])))).toEqual(card);
  });
});

describe('verifyExcerpt / verifyCard', () => {
  const pages = MAIN_FILE.pages;
  it('finds an excerpt on its page, whitespace-insensitive', () => {
    expect(verifyExcerpt(pages, 3, '预算金额：386.5万元')).toBe(true);
    expect(verifyExcerpt(pages, 3, '预算 金额：\n386.5 万元')).toBe(true);
    expect(verifyExcerpt(pages, 5, '1 价格分 30分')).toBe(true);
  });
  it('refuses an excerpt on another page, an altered one, an empty one, a missing page', () => {
    expect(verifyExcerpt(pages, 4, '预算金额：386.5万元')).toBe(false);
    expect(verifyExcerpt(pages, 3, '预算金额：368.5万元')).toBe(false);
    expect(verifyExcerpt(pages, 3, '   ')).toBe(false);
    expect(verifyExcerpt(pages, 99, '预算金额')).toBe(false);
  });
  it('an entry whose excerpt is not on its page is flagged unverified', () => {
    const card = extractCard([MAIN_FILE]);
    card.budget!.source.page = 4; // wrong page
    card.starClauses[0]!.source.excerpt = '★平台须采用C/S架构'; // not in the tender
    card.deadline!.source.file = 'other.pdf'; // unknown file
    const bad = verifyCard(card, [MAIN_FILE]);
    expect(bad).toBe(3);
    expect(card.budget).toMatchObject({ verified: false, flags: ['unverified'] });
    expect(card.starClauses[0]).toMatchObject({ verified: false, flags: ['unverified'] });
    expect(card.deadline!.verified).toBe(false);
    expect(card.projectNumber).toMatchObject({ verified: true });
    // fixed again → the flag goes away
    card.budget!.source.page = 3;
    verifyCard(card, [MAIN_FILE]);
    expect(card.budget!.verified).toBe(true);
    expect(card.budget!.flags).toBeUndefined();
  });
});

describe('amendments', () => {
  it('a later amendment moves the deadline: the newest value wins, the old one is kept with its file', () => {
    const card = extractCard([MAIN_FILE, AMENDMENT_FILE]);
    expect(card.deadline).toMatchObject({
      value: '2026-12-25 09:30',
      flags: ['overridden'],
      verified: true,
      source: { file: AMENDMENT_FILE.name, page: 1 },
    });
    expect(card.deadline!.overridden).toEqual([
      { value: '2026-12-18 09:30', text: '2026年12月18日 09:30', verified: true, source: { file: FILE, page: 3, excerpt: '投标截止时间：2026年12月18日 09:30' } },
    ]);
    expect(card.openingTime).toMatchObject({ value: '2026-12-25 09:30', flags: ['overridden'] });
    // unchanged facts stay with the main file; 「开标地点不变」 does not replace the place
    expect(card.projectNumber).toMatchObject({ value: 'ZB-2026-118', source: { file: FILE } });
    expect(card.projectNumber!.flags).toBeUndefined();
    expect(card.openingPlace!.value).toContain('第二开标室');
    expect(card.budget!.value).toBe(3_865_000);
    expectAllVerified(card, [MAIN_FILE, AMENDMENT_FILE]);
  });

  it('order decides, not the position in the list: the second amendment wins', () => {
    const second: TenderFileInput = {
      name: '答疑澄清（第2号）.pdf',
      role: 'amendment',
      order: 3,
      pages: pagesOf(['关于预算的澄清\n预算金额由386.5万元调整为360万元。\n投标截止时间延期至2027年1月8日上午9时30分。']),
    };
    const card = extractCard([second, AMENDMENT_FILE, MAIN_FILE]);
    expect(card.deadline).toMatchObject({ value: '2027-01-08 09:30', source: { file: second.name } });
    expect(card.deadline!.overridden!.map((v) => [v.value, v.source.file])).toEqual([
      ['2026-12-18 09:30', FILE],
      ['2026-12-25 09:30', AMENDMENT_FILE.name],
    ]);
    expect(card.budget).toMatchObject({ value: 3_600_000, flags: ['overridden'], source: { file: second.name } });
    expect(card.budget!.overridden![0]).toMatchObject({ value: 3_865_000, source: { file: FILE, page: 3 } });
  });

  it('two different values in the main tender are flagged as a conflict', () => {
    const pages = [...MAIN_PAGES];
    pages[3] = `${pages[3]}\n4. 投标截止时间：2026年12月19日 09:30`;
    const card = extractCard([{ ...MAIN_FILE, pages: pagesOf(pages) }]);
    expect(card.deadline).toMatchObject({ value: '2026-12-18 09:30', flags: ['conflict'] });
    expect(card.deadline!.conflicts!.map((c) => [c.value, c.source.page])).toEqual([['2026-12-19 09:30', 4]]);
  });
});

describe('lots (标段 / 包)', () => {
  it('without a lot: the lots list so the UI can ask, facts tagged with their lot', () => {
    const card = extractCard([LOTS_FILE]);
    expect(card.lots).toEqual([
      { id: '1', name: '第一标段 办公家具采购' },
      { id: '2', name: '第二标段 电子设备采购' },
    ]);
    expect(card.lot).toBeNull();
    expect(card.starClauses.map((c) => [c.lot, c.text])).toEqual([
      ['1', '所有板材甲醛释放量须达到E1级标准。'],
      ['2', '台式计算机须预装正版操作系统。'],
    ]);
    expect(card.budget).toMatchObject({ value: 1_200_000, lot: '1' });
    expect(card.projectNumber!.lot).toBeUndefined();
  });

  it('with lot 2: only lot 2 facts (and the whole tender\'s)', () => {
    const card = extractCard([LOTS_FILE], { lot: '2' });
    expect(card.lot).toBe('2');
    expect(card.budget).toMatchObject({ value: 2_600_000, lot: '2', verified: true, source: { page: 1 } });
    expect(card.budget!.source.excerpt).toContain('第二标段260万元');
    expect(card.bidBond).toMatchObject({ amount: 50_000, lot: '2', source: { page: 2 } });
    expect(card.starClauses.map((c) => c.text)).toEqual(['台式计算机须预装正版操作系统。']);
    expect(card.importantClauses.map((c) => c.text)).toEqual(['笔记本电脑续航不少于10小时。']);
    expect(card.projectName!.value).toBe('江州市机关办公设备采购项目');
    expect(card.deadline!.value).toBe('2027-01-12 14:30');
    // the scoring table after the lots' sections belongs to the whole tender (a tab-separated DOCX table)
    expect(card.scoring.map((s) => [s.item, s.points, s.category])).toEqual([
      ['技术参数响应', 40, 'technical'],
      ['售后服务', 20, 'technical'],
      ['投标报价', 40, 'price'],
    ]);
    expectAllVerified(card, [LOTS_FILE]);
  });

  it('with lot 1 (named as the user sees it): only lot 1 facts', () => {
    const card = extractCard([LOTS_FILE], { lot: '第一标段' });
    expect(card.lot).toBe('1');
    expect(card.budget!.value).toBe(1_200_000);
    expect(card.bidBond!.amount).toBe(20_000);
    expect(card.starClauses.map((c) => c.text)).toEqual(['所有板材甲醛释放量须达到E1级标准。']);
    expect(card.importantClauses).toEqual([]);
  });

  it('包1 / 包2 headings work the same', () => {
    const file: TenderFileInput = {
      name: 'pkg.txt',
      role: 'main',
      order: 1,
      pages: pagesOf([
        '项目名称：校园安防设备采购\n包1：视频监控设备\n预算金额：80万元\n★摄像机分辨率不低于400万像素。\n包2：门禁设备\n预算金额：45万元\n★门禁控制器须支持离线存储。',
      ]),
    };
    expect(extractCard([file]).lots).toEqual([
      { id: '1', name: '包1 视频监控设备' },
      { id: '2', name: '包2 门禁设备' },
    ]);
    const c2 = extractCard([file], { lot: '2' });
    expect(c2.budget!.value).toBe(450_000);
    expect(c2.starClauses.map((c) => c.text)).toEqual(['门禁控制器须支持离线存储。']);
  });
});

describe('other tender layouts', () => {
  it('inline composition, label units, Chinese amounts, 下午 times, a table with points last', () => {
    const file: TenderFileInput = {
      name: 'b.docx',
      role: 'main',
      order: 1,
      pages: pagesOf([
        [
          '城区道路照明维护服务项目竞争性磋商文件',
          '采购编号：HZCG〔2026〕77号',
          '招标人\t江州市城市管理局',
          '项目预算（万元）：58',
          '招标控制价：人民币伍拾伍万元整',
          '响应文件提交截止时间：2026年3月5日下午2时30分',
          '开标地点：江州市政务服务中心5楼',
          '投标保证金：本项目不收取投标保证金。',
        ].join('\n'),
        [
          '投标文件由投标函、报价一览表、资格证明文件、技术偏离表、服务方案组成。',
          '评分因素\t评分标准\t分值',
          '服务方案\t方案合理得20分\t20',
          '人员配备\t每配备一名电工得2分\t10',
          '业绩\t每个业绩得5分\t10',
          '报价\t低价优先\t60',
        ].join('\n'),
      ]),
    };
    const card = extractCard([file]);
    expect(card.projectName!.value).toBe('城区道路照明维护服务项目');
    expect(card.projectNumber!.value).toBe('HZCG〔2026〕77号');
    expect(card.purchaser!.value).toBe('江州市城市管理局');
    expect(card.budget!.value).toBe(580_000);
    expect(card.ceilingPrice!.value).toBe(550_000);
    expect(card.deadline!.value).toBe('2026-03-05 14:30');
    expect(card.bidBond).toMatchObject({ value: '本项目不收取投标保证金' });
    expect(card.bidBond!.amount).toBeUndefined();
    expect(card.composition.map((c) => c.title)).toEqual(['投标函', '报价一览表', '资格证明文件', '技术偏离表', '服务方案']);
    expect(card.scoring.map((s) => [s.item, s.points, s.category, s.criteria])).toEqual([
      ['服务方案', 20, 'technical', '方案合理得20分'],
      ['人员配备', 10, 'technical', '每配备一名电工得2分'],
      ['业绩', 10, 'commercial', '每个业绩得5分'],
      ['报价', 60, 'price', '低价优先'],
    ]);
    expectAllVerified(card, [file]);
  });

  it.each([
    [
      'a DOCX table with a category column (merged cells left empty)',
      '综合评分表\n序号\t评审类别\t评分因素\t分值\t评分标准\n1\t技术部分\t技术方案\t15\t方案完整得15分\n2\t\t实施计划\t10\t计划合理得10分\n3\t商务部分\t类似业绩\t10\t每个得2分\n4\t价格部分\t价格分\t30\t低价优先',
      [['技术方案', 15, 'technical'], ['实施计划', 10, 'technical'], ['类似业绩', 10, 'commercial'], ['价格分', 30, 'price']],
    ],
    [
      'numbered items with points in brackets, a range of points',
      '二、评分细则\n1、技术方案（15分）：方案完整、可行得15分，一般得8分。\n2、售后服务（0-10分）：响应及时得10分。\n3、投标报价（30分）：采用低价优先法。\n三、定标',
      [['技术方案', 15, 'technical'], ['售后服务', 10, 'technical'], ['投标报价', 30, 'price']],
    ],
    [
      'PDF lines under section headings, 「20 分」 split, 「0~10分」',
      '评分标准\n技术评分（60分）\n1 系统功能 20 分 功能齐全得20分\n2 性能指标 0~10分 满足得10分\n商务评分（10分）\n3 企业认证 10分 每个证书得2分\n价格评分（30分）\n4 报价得分 30分 低价优先',
      [['系统功能', 20, 'technical'], ['性能指标', 10, 'technical'], ['企业认证', 10, 'commercial'], ['报价得分', 30, 'price']],
    ],
  ])('scoring table: %s', (_name, text, rows) => {
    const file: TenderFileInput = { name: 't', role: 'main', order: 1, pages: pagesOf([text]) };
    const card = extractCard([file]);
    expect(card.scoring.map((s) => [s.item, s.points, s.category])).toEqual(rows);
    expectAllVerified(card, [file]);
  });

  it('the format chapter\'s headings give the composition when no list names it', () => {
    const file: TenderFileInput = {
      name: 'c.pdf',
      role: 'main',
      order: 1,
      pages: pagesOf(['第六章 投标文件格式\n一、投标函\n致采购人：……\n二、授权委托书\n三、技术方案\n（一）总体设计\n四、报价表', '第七章 附件\n一、合同条款']),
    };
    expect(extractCard([file]).composition.map((c) => [c.title, c.source.page])).toEqual([
      ['投标函', 1],
      ['授权委托书', 1],
      ['技术方案', 1],
      ['报价表', 1],
    ]);
  });

  it('an empty file gives an empty card, not an error', () => {
    const card = extractCard([{ name: 'e.txt', role: 'main', order: 1, pages: [] }]);
    expect(card.projectName).toBeNull();
    expect(card.scoring).toEqual([]);
    expect(card.composition).toEqual([]);
  });
});
