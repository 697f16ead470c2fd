import { describe, expect, it } from 'vitest';
import type { Block } from '../reading/model/types.js';
import { heading, modelFile, para, table } from '../../test/fixtures/model.js';
import { extractCard } from './card.js';
import { compositionFromModel } from './composition-model.js';
import { verifyExcerpt } from './verify.js';

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
    // linked to the form the format chapter gives
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
