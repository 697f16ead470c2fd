import { describe, expect, it } from 'vitest';
import type { Block } from '../../reading/model/types.js';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { extractCard } from '../card.js';
import { compositionFromModel, partName, tableParts } from './composition-model.js';
import { verifyExcerpt } from '../verify.js';

const item = (page: number, numbering: string, text: string, level = 2): Block => ({ type: 'list-item', page, pageEnd: page, level, numbering, text });

describe('bid-file composition from the document model', () => {
  it('the 须知 enumeration in order: numbering, brackets, notes and wrapped lines handled; two groups joined; TOC lines are not parts', () => {
    const file = modelFile([
      heading(2, '第二章 投标人须知'),
      heading(17, '15．投标文件构成', 4),
      heading(17, '15.2.1商务响应文件由以下部分组成', 6),
      item(17, '（1）', '投标函；'),
      item(17, '（2）', '开标一览表（在电子采购平台填写）；'),
      item(17, '（3）', '投标人营业执照（或事业单位法人证书）及与本项目相关的资格证'),
      para(17, '书；'),
      item(17, '（4）', '没有重大违法记录的声明：'),
      para(17, '参加政府采购活动前3年内在经营活动中没有重大违法记录的书面声明函；'),
      heading(17, '15.2.2技术响应文件由以下部分组成', 6),
      item(18, '（1）', '物业管理（含保洁、绿化养护等内容）服务方案；'),
      item(18, '（2）', '《投标人近三年以来类似项目一览表》：'),
      heading(18, '16．投标报价', 4),
      item(18, '（1）', '报价应包含全部费用。'),
      heading(40, '第五章 投标文件格式'),
      heading(41, '一、投标函', 2),
      heading(43, '二、开标一览表', 2),
    ]);
    const card = extractCard([file]);
    expect(card.composition.map((c) => c.title)).toEqual([
      '投标函',
      '开标一览表',
      '投标人营业执照及与本项目相关的资格证书',
      '没有重大违法记录的声明',
      '物业管理服务方案',
      '投标人近三年以来类似项目一览表',
    ]);
    // read from the tender's own list; linked to the form the format chapter gives
    expect(new Set(card.composition.map((c) => c.basis))).toEqual(new Set(['list']));
    expect(card.composition[0]!.form).toEqual({ title: '一、投标函', page: 41 });
    expect(card.composition[2]!.form).toBeUndefined();
    for (const c of card.composition) expect(verifyExcerpt(file.pages, c.source.page, c.source.excerpt), c.title).toBe(true);
  });

  it('a 须知 that only defers to the format chapter: the chapter\'s forms (a PDF prints them at the chapter\'s level)', () => {
    const parts = compositionFromModel(
      modelFile([
        heading(11, '第六章 投标文件格式'),
        heading(11, '第七章 附件'),
        item(12, '11.', '投标文件的组成', 1),
        para(12, '11.1投标文件分为商务部分和技术部分。'),
        para(12, '11.2投标人应按招标文件第六章投标文件格式顺序及要求编制投标文件。'),
        item(12, '12.', '投标内容填写说明', 1),
        heading(34, '第六章 投标文件格式'),
        heading(35, '★附件 1：投标函'),
        heading(37, '★附件 2：开标一览表'),
        heading(47, '投标人具备《出版物经营许可证》和《出版物进口经'),
        heading(47, '营许可证》'),
        heading(69, '投标文件'),
      ]).model!,
    );
    expect(parts.map((p) => p.title)).toEqual(['投标函', '开标一览表', '投标人具备《出版物经营许可证》和《出版物进口经营许可证》']);
  });

  it('a composition table (group | parts) and the format chapter\'s reference contents table', () => {
    const t = compositionFromModel(
      modelFile([
        para(8, '9.2. 投标文件的组成'),
        table(8, [
          [{ t: '投标文件的组成', cs: 3 }],
          ['商务投标文件', { t: '开标一览表\n投标报价明细表', cs: 2 }],
          [{ t: '技术投标文件', rs: 2 }, { t: '投标函', cs: 2 }],
          ['技术投标方案', '1. 采购清单\n2. 服务标准和要求偏离表'],
        ]),
      ]).model!,
    );
    expect(t.map((p) => p.title)).toEqual(['开标一览表', '投标报价明细表', '投标函', '技术投标方案']);
    const c = compositionFromModel(
      modelFile([
        para(58, '格式 3.目录（参考）'),
        table(58, [
          ['类型名称', '序号', '文件名称', '页码'],
          [{ t: '索引', rs: 2 }, '1', '资格、符合性审查自查表', ''],
          ['2', '评审要素投标资料索引表', ''],
          [{ t: '商务部分', rs: 3 }, '1', '投标函（按规定格式盖章签署，否则将导致投标无效）', ''],
          ['1.1', '资格声明函', ''],
          ['2', '开标一览表', ''],
        ]),
      ]).model!,
    );
    expect(c.map((p) => p.title)).toEqual(['资格、符合性审查自查表', '评审要素投标资料索引表', '投标函', '开标一览表']);
  });
});

describe('a format chapter numbering its parts as plain paragraphs', () => {
  it('runs of ascending numbers in order, a footnote and sub-items left out', () => {
    const parts = compositionFromModel(
      modelFile([
        heading(60, '第七章投标文件格式'),
        para(62, '1满足《中华人民共和国政府采购法》第二十二条规定1-1营业执照等证明文件'),
        para(64, '2落实政府采购政策需满足的资格要求（如有）'),
        para(79, '4投标保证金凭证/交款单据复印件'),
        para(81, '1投标书（实质性格式）'),
        para(82, '2授权委托书（实质性格式）'),
        para(84, '3开标一览表（实质性格式）'),
        para(89, '1从业人员、营业收入、资产总额填报上一年度数据。'),
        para(92, '4拟分包情况说明'),
      ]).model!,
    );
    expect(parts.map((p) => p.title)).toEqual([
      '满足《中华人民共和国政府采购法》第二十二条规定',
      '落实政府采购政策需满足的资格要求',
      '投标保证金凭证/交款单据复印件',
      '投标书',
      '授权委托书',
      '开标一览表',
      '拟分包情况说明',
    ]);
  });
});

const titles = (blocks: Block[]) => compositionFromModel(modelFile(blocks).model!).map((p) => p.title);

describe('composition tables of any shape (issue 23: n04 crashed the card)', () => {
  it('empty rows, short rows and rows of merged cells neither throw nor make parts', () => {
    const shapes = [
      table(5, [[{ t: '投标文件的组成', cs: 2 }], ['', ''], ['1', '投标函'], [{ t: '', cs: 2 }], ['2'], ['3', '开标一览表'], ['4', '资格证明文件']]),
      { ...table(5, [['投标文件的组成']]), rows: [] },
      table(5, [[{ t: '投标文件组成', rs: 3 }, '商务文件'], ['技术文件'], ['']]),
    ];
    for (const t of shapes) expect(() => compositionFromModel(modelFile([para(4, '9. 投标文件的组成'), t]).model!)).not.toThrow();
    expect(tableParts(shapes[0]!).map((r) => r.text)).toEqual(['投标函', '开标一览表', '资格证明文件']);
    expect(tableParts({ rows: [], columns: 0 })).toEqual([]);
  });

  it('an index of where the bid answers each review factor (「响应文件组成」 as a column title) is no composition', () => {
    const index = table(40, [['条款号', '评审因素', '响应文件组成', '对应页码', '备注或者说明'], ['1', '……', '', '见响应文件第（）页', ''], ['', '', '', '', '']]);
    expect(() => compositionFromModel(modelFile([index]).model!)).not.toThrow();
    expect(titles([heading(39, '第六章 响应文件格式'), heading(40, '1. 初步评审索引表', 3), index, heading(41, '2. 响应函', 3), heading(42, '3. 报价一览表', 3)])).toEqual([
      '初步评审索引表',
      '响应函',
      '报价一览表',
    ]);
  });

  it('a table of 序号 | 内容 rows after the clause (a line about it between)', () => {
    expect(
      titles([
        para(9, '10. 投标文件的组成'),
        para(9, '投标文件应包括下列内容，并按顺序装订：'),
        table(9, [['序号', '内容', '备注'], ['1', '投标函', ''], ['2', '开标一览表', '格式见附件'], ['2.1', '分项报价表', ''], ['3', '资格证明文件（复印件加盖公章）', '']]),
      ]),
    ).toEqual(['投标函', '开标一览表', '资格证明文件']);
  });
});

describe('the lists a tender prints its composition in', () => {
  it('a 前附表 row whose cell holds the volumes and their items, the 须知 only deferring to it', () => {
    const cell = [
      '响应文件需按照以下顺序编制:',
      '3.1.1商务响应文件，包括：',
      '（1） 专用印章授权函（如有，格式详见第六章响应文件格式4）。',
      '（2） 响应函（格式详见第六章响应文件格式5）。',
      '（3） 响应保证金（以银行汇款形式递交的，应提供汇款凭证扫描件；响应保函格式详见第六章响应文件格式22）。',
      '3.1.2技术响应文件，包括：',
      '（1） 【技术规范书点对点响应或偏离表】。',
      '（2） 项目建议书。',
      '3.1.3报价文件，包括：',
      '（1） 报价一览表（格式详见第六章响应文件格式31）。',
      '（2） 报价文件（格式详见第六章响应文件格式32）。',
      '【3.1.4样品】',
      '/',
    ].join('\n');
    const parts = titles([
      heading(3, '供应商须知前附表', 2),
      table(3, [['条款号', '条款名称', '编列内容'], ['2.1.1', '询比文件的组成', '第一章 询比公告\n第二章 供应商须知'], ['3.1', '响应文件组成', cell], ['3.2.5', '电子响应文件的编制要求', '（1）响应文件需按照组成部分分别完成编制。']]),
      heading(20, '3.1响应文件的组成', 6),
      para(20, '供应商应当按照供应商须知前附表的要求制作并提交响应文件。响应文件组成见供应商须知前附表。'),
    ]);
    expect(parts).toEqual(['专用印章授权函', '响应函', '响应保证金', '技术规范书点对点响应或偏离表', '项目建议书', '报价一览表', '报价文件']);
  });

  it('a volume per group (信息公开部分 / 附件): the parts are the items under each, the same title in both kept twice with the bracket telling them apart, the 备注 left out', () => {
    const parts = titles([
      heading(37, '第四章 投标文件组成要求及格式'),
      para(37, '特别提醒：'),
      para(37, '投标文件正文将对外公开，投标文件附件不公开。'),
      para(37, '投标文件组成：'),
      item(37, '1.', '投标文件正文（信息公开部分），主要包括以下内容：', 1),
      item(37, '（1）', '投标函；'),
      item(37, '（2）', '项目详细报价；'),
      item(37, '（3）', '投标人认为需要加以说明的其他内容（公开部分）'),
      item(37, '2.', '投标文件附件（信息不公开部分）：主要包括以下内容：', 1),
      item(37, '（1）', '法定代表人（负责人）证明书；'),
      item(37, '（2）', '技术要求偏离表'),
      item(37, '（3）', '投标人认为需要加以说明的其他内容（不公开部分）'),
      para(37, '备注：'),
      item(37, '1.', '本项目为网上电子投标项目，投标文件不需法人或授权委托人另行签字。', 1),
      item(37, '2.', '关于填写“开标一览表”的说明：其他信息不作评审依据。', 1),
      heading(38, '投标文件正文（信息公开部分）', 2),
      heading(38, '一、投标函', 4),
    ]);
    expect(parts).toEqual([
      '投标函',
      '项目详细报价',
      '投标人认为需要加以说明的其他内容（公开部分）',
      '法定代表人（负责人）证明书',
      '技术要求偏离表',
      '投标人认为需要加以说明的其他内容（不公开部分）',
    ]);
  });

  it('volumes printed as headings over parts printed as headings one level up (the numbering tells them apart, not the levels)', () => {
    expect(
      titles([
        para(31, '投标文件组成：'),
        heading(31, '1.投标文件正文（信息公开部分），主要包括以下内容：', 5),
        heading(31, '一、投标函', 3),
        heading(31, '二、详细分项报价清单', 3),
        heading(31, '2.投标文件附件（信息不公开部分），主要包括以下内容：', 5),
        heading(31, '一、法定代表人（负责人）证明书', 3),
        heading(31, '二、施工组织方案及安全保障措施（格式自拟）', 3),
        para(31, '备注：'),
      ]),
    ).toEqual(['投标函', '详细分项报价清单', '法定代表人（负责人）证明书', '施工组织方案及安全保障措施']);
  });

  it('two envelopes in one 前附表 cell: 技术资信标 and 商务标, each numbered afresh, sub-items under a part left to it', () => {
    const cell = [
      '3.1.1 投标文件组成：',
      '技术资信标的组成：',
      '1、技术资信标封面；',
      '2、资格审查相关证明材料：',
      '（1）投标人基本情况表（后附营业执照复印件并加盖公章）；',
      '（2）投标保证金收执证明；',
      '3、法定代表人身份证明；',
      '4、项目技术方案（根据招标文件第三章评标办法中评分项目内容进行编制）；',
      '商务标的组成：',
      '1、商务标封面；',
      '2、投标函；',
      '3、开标一览表；',
      '注：',
      '1、投标人应按照上述内容逐一组成投标文件的技术资信标和商务标并按顺序装订成册。',
    ].join('\n');
    expect(titles([table(8, [['条款号', '条款名称', '编列内容'], ['3.1', '投标文件的内容', cell], ['*3.1', '投标文件份数', '1、技术资信标正本一份、副本四份']])])).toEqual([
      '技术资信标封面',
      '资格审查相关证明材料',
      '法定代表人身份证明',
      '项目技术方案',
      '商务标封面',
      '投标函',
      '开标一览表',
    ]);
  });

  it('a 前附表 broken off where its list begins: the list runs on after the table, ★ and mixed numbering and nested brackets read', () => {
    expect(
      titles([
        heading(3, '第二章 投标人须知前附表', 2),
        table(3, [['投标人须知条目号', '内容'], ['11', '投标文件的组成'], ['11.1', '投标人须以包为单位按以下部分组成编写和装订投标文件：']]),
        para(4, '投标文件须按照以下条款的顺序和要求编制、盖章、装订。'),
        heading(4, '第一部分 投标基本文件'),
        para(4, '该文件须单独密封提交。包括以下内容：'),
        para(4, '★1.投标函（须由法定代表人（负责人）或其授权代表签字并加盖投标人公章）。'),
        item(4, '2.', '投标保证金（电汇底单复印件加盖投标人公章）。', 1),
        heading(4, '第二部分 商务部分'),
        para(4, '★1.商务条款偏离表；（须加盖投标人公章）'),
        item(4, '2、', '业务合作对接承诺函', 1),
        para(4, '技术（服务）部分'),
        para(4, '★1.技术（服务）条款偏离表（须加盖投标人公章）。'),
        para(4, '2投标人认为其他需提供的文件或资料。'),
        para(5, '注1：投标文件须包含上述部分内容。'),
      ]),
    ).toEqual(['投标函', '投标保证金', '商务条款偏离表', '业务合作对接承诺函', '技术（服务）条款偏离表', '投标人认为其他需提供的文件或资料']);
  });

  it('the parts as sub-clauses of the volumes the clause names (「11.1 资格证明文件」 then 「11.1.1 …」)', () => {
    expect(
      titles([
        item(20, '11.', '投标文件的组成', 1),
        heading(20, '11.1 资格证明文件', 4),
        para(20, '11.1.1 营业执照副本复印件；'),
        para(20, '11.1.2 法定代表人授权委托书；'),
        heading(20, '11.2 商务文件', 4),
        para(20, '11.2.1 投标函；'),
        para(20, '11.2.2 开标一览表；'),
        heading(20, '11.3 技术文件', 4),
        para(20, '11.3.1 服务方案；'),
        item(21, '12.', '投标报价', 1),
        para(21, '12.1 投标人应按…报价。'),
      ]),
    ).toEqual(['营业执照副本复印件', '法定代表人授权委托书', '投标函', '开标一览表', '服务方案']);
  });

  it('the volumes\' lists printed apart from each other are joined', () => {
    expect(
      titles([
        heading(10, '10. 投标文件', 3),
        heading(10, '10.1 商务文件由以下部分组成：', 4),
        item(10, '（1）', '投标函；'),
        item(10, '（2）', '开标一览表；'),
        heading(11, '10.2 投标文件的语言', 4),
        para(11, '投标文件应使用中文。'),
        heading(11, '10.3 技术文件由以下部分组成：', 4),
        item(11, '（1）', '技术方案；'),
        item(11, '（2）', '售后服务承诺。'),
        heading(12, '11. 投标报价', 3),
      ]),
    ).toEqual(['投标函', '开标一览表', '技术方案', '售后服务承诺']);
  });

  it('the 前附表\'s 「构成投标文件的其他资料」 completes a list ending in 「前附表规定的其他资料」', () => {
    expect(
      titles([
        table(5, [['条款号', '条款名称', '编列内容'], ['3.1.1', '构成报价文件\n的其他资料', '（4）生产组织供应能力分析表；\n（5）其他资料：']]),
        heading(14, '3.1 报价文件的组成', 8),
        heading(14, '3.1.1 报价文件应包括下列内容：', 9),
        item(14, '（1）', '报价函；'),
        item(14, '（2）', '分项报价表；'),
        item(14, '（3）', '供应商须知前附表规定的其他资料。'),
        para(14, '3.1.2 供应商须知前附表规定不接受联合体的，报价文件不包括联合体协议书。'),
      ]),
    ).toEqual(['报价函', '分项报价表', '生产组织供应能力分析表', '其他资料']);
  });
});

describe('what is not a composition', () => {
  it('the 须知\'s procedure headings after a clause that only defers (「投标文件的密封和递交」「开标与评标」「授予合同」)', () => {
    expect(
      titles([
        heading(8, '三、投标文件的编写', 3),
        para(8, '投标文件的组成'),
        para(8, '投标文件组成具体详见《投标人须知前附表》。'),
        para(8, '投标文件格式'),
        heading(9, '四、投标文件的密封和递交', 3),
        heading(9, '五、开标与评标', 3),
        heading(10, '六、授予合同', 3),
      ]),
    ).toEqual([]);
  });

  it('explanatory sentences under the clause', () => {
    expect(
      titles([
        heading(12, '3. 投标文件', 5),
        heading(12, '3.1 投标文件的组成', 6),
        para(12, '3.1.1 投标人应当按照招标文件的要求编制投标文件。'),
        para(12, '3.1.2 投标人应当认真阅读招标文件中所有的事项、格式、条款和技术规范等。'),
        para(12, '3.1.3 投标文件应当使用不褪色的材料书写或者打印。'),
        heading(13, '3.2 投标报价', 6),
      ]),
    ).toEqual([]);
  });
});

describe('the format chapter where the tender lists no parts (basis: contents or forms)', () => {
  it('forms numbered as one running count outnumber the titles of a few of them; the parts say they are a guess', () => {
    const parts = compositionFromModel(
      modelFile([
        heading(61, '第六章 投标文件格式'),
        heading(61, '第一分册 商务投标文件'),
        heading(62, '1. 商务投标文件封面', 6),
        heading(63, '2. 投标函', 6),
        heading(63, '投标函', 3),
        heading(64, '3. 法定代表人身份证明', 6),
        heading(65, '4. 业绩情况表', 6),
        heading(65, '业绩情况表', 3),
        heading(66, '第二分册 报价文件'),
        heading(66, '5. 报价文件封面', 6),
        heading(67, '6. 投标一览表', 6),
      ]).model!,
    );
    expect(parts.map((p) => p.title)).toEqual(['商务投标文件封面', '投标函', '法定代表人身份证明', '业绩情况表', '报价文件封面', '投标一览表']);
    expect(new Set(parts.map((p) => p.basis))).toEqual(new Set(['forms']));
    expect(parts[1]!.form).toEqual({ title: '2. 投标函', page: 63 });
  });

  it('form titles printed as plain paragraphs, each opening its page', () => {
    expect(
      titles([
        heading(53, '第五章各种格式'),
        para(54, '分目录'),
        para(55, '投标函格式'),
        para(55, '致：（招标人名称）'),
        para(56, '投标报价汇总表'),
        para(56, '投标人代表签名：'),
        para(59, '商务条款响应/偏离表'),
        para(62, '投标方案'),
        para(62, '（投标人自拟）'),
        heading(64, '第六章评标办法'),
      ]),
    ).toEqual(['投标函格式', '投标报价汇总表', '商务条款响应/偏离表', '投标方案']);
  });

  it('forms for after the award or for complaints (履约保函, 质疑函) are no parts of the bid; the card passes the basis on', () => {
    const file = modelFile([
      heading(30, '第六章 投标文件格式'),
      heading(31, '一、投标函', 2),
      heading(32, '二、开标一览表', 2),
      heading(33, '三、资格证明文件', 2),
      heading(34, '四、履约保证金保函', 2),
      heading(35, '五、质疑函', 2),
    ]);
    expect(compositionFromModel(file.model!).map((p) => p.title)).toEqual(['投标函', '开标一览表', '资格证明文件']);
    const card = extractCard([file]);
    expect(card.composition.map((c) => c.basis)).toEqual(['forms', 'forms', 'forms']);
    expect(card.composition[0]!.form).toEqual({ title: '一、投标函', page: 31 });
  });

  it('a chapter that leaves its forms out but names them', () => {
    expect(
      titles([
        heading(3, '第六章投标文件格式（略）'),
        para(3, '（含：投标函、授权委托书、报价清单、技术方案、业绩表等空白模板）'),
        heading(3, '第七章附件'),
      ]),
    ).toEqual(['投标函', '授权委托书', '报价清单', '技术方案', '业绩表']);
  });
});

describe('part titles', () => {
  it('numbering, ★, nested notes, the 须知\'s cross-references and template brackets go; brackets in a name stay', () => {
    expect(partName('★1.投标函（须由法定代表人（负责人）或其授权代表签字并加盖投标人公章）。')?.title).toBe('投标函');
    expect(partName('（2）按照本须知第9条要求填写的投标函；')?.title).toBe('投标函');
    expect(partName('（1） 【技术标准和要求/技术规范书点对点响应或偏离表】。')?.title).toBe('技术标准和要求/技术规范书点对点响应或偏离表');
    expect(partName('⑷法定代表人（单位负责人）授权委托书原件，并附身份证复印件')?.title).toBe('法定代表人（单位负责人）授权委托书');
    expect(partName('（9）近【五】年发生的诉讼及仲裁情况（格式详见第六章12）。')?.title).toBe('近【五】年发生的诉讼及仲裁情况');
    expect(partName('3.1.1商务响应文件，包括：')?.title).toBe('商务响应文件');
  });

  it('a requirement sentence is named by what it asks the bidder to hand in', () => {
    expect(
      partName('★1.投标人必须是在中华人民共和国境内依法注册的、具有独立法人资格的、能独立承担民事责任的、有能力为本项目提供服务的单位提供营业执照复印件。（如不能体现注册资金，须附截图）')?.title,
    ).toBe('营业执照复印件');
    expect(
      partName('3、投标人需根据评分表技术部分及第六章服务规范书的要求提供包括但不限于：项目经理、专业技术队伍、服务体系和方案、售后服务等，具体要求详见评分表。')?.title,
    ).toBe('项目经理、专业技术队伍、服务体系和方案、售后服务');
    // a sentence whose subject only asks for one thing keeps that thing; a part that is no requirement stays as printed
    expect(partName('★3.投标人须提供承诺函；（须加盖投标人公章）')?.title).toBe('承诺函');
    expect(partName('（4）投标人认为其他需提供的文件或资料')?.title).toBe('投标人认为其他需提供的文件或资料');
    // a 提供 inside a bracket's note is not what the part asks for
    expect(partName('（6）投标人营业执照（或事业单位法人证书）、税务登记证（若为多证合一的，仅需提供营业执照）及与本项目相关的资格证书')?.title).toBe(
      '投标人营业执照、税务登记证及与本项目相关的资格证书',
    );
  });
});
