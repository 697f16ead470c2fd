import { describe, expect, it } from 'vitest';
import type { Block } from '../../reading/model/types.js';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { extractCard } from '../card.js';
import { invalidFromModel } from './invalid-model.js';

const li = (page: number, numbering: string, text: string, level = 2): Block => ({ type: 'list-item', page, pageEnd: page, level, numbering, text });

describe('废标 / 无效投标 grounds the tender lists', () => {
  it('the items under 「有下列情形之一的，投标无效」, once even when the list is printed twice; the project\'s own 废标 list and a disqualification list are left out', () => {
    const blocks: Block[] = [
      heading(16, '24. 无效投标'),
      para(16, '24.1凡投标文件存在下列情况之一者，都将导致投标无效：'),
      li(16, '（1）', '投标有效期不足；'),
      li(16, '（2）', '投标文件附有招标人不能接受的条件；'),
      li(16, '（3）', '投标价超出采购预算的；'),
      li(16, '4．', '投标答疑时间：不集中召开答疑会。'),
      para(17, '25.在招标采购中，出现下列情形之一的，应予废标：'),
      li(17, '（1）', '符合专业条件的供应商不足三家的；'),
      li(17, '（2）', '因重大变故，采购任务取消的。'),
      para(18, '9.2 投标人有下列情形之一的，否决其投标资格：'),
      li(18, '⑴', '与招标人存在利害关系且可能影响招标公正性；'),
      heading(40, '第六章 评标办法'),
      para(40, '凡投标文件存在下列情况之一者，都将导致投标无效：'),
      li(40, '（1）', '投标有效期不足；'),
      li(40, '（2）', '投标文件附有招标人不能接受的条件；'),
      li(40, '（3）', '投标价超出采购预算的；'),
    ];
    const file = modelFile(blocks);
    expect(invalidFromModel(file.model!).map((g) => g.text)).toEqual(['投标有效期不足；', '投标文件附有招标人不能接受的条件；', '投标价超出采购预算的；']);
    const card = extractCard([file]);
    expect(card.invalidClauses).toHaveLength(3);
    for (const c of card.invalidClauses) expect(c.verified, c.text).toBe(true);
  });

  it('the numbered lines of a table cell that introduces them', () => {
    const g = invalidFromModel(
      modelFile([
        table(13, [
          ['注意事项', '否决条件：投标文件有下列情形之一的，按废标处理：\n1.投标文件没有对招标文件的实质性要求作出响应；\n2.投标人有串通投标行为的；\n说明：其他'],
        ]),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual(['1.投标文件没有对招标文件的实质性要求作出响应；', '2.投标人有串通投标行为的；']);
  });

  it('the sub-clauses of a clause that introduces them (「32.4…作无效处理的情形…以下：」 then 「32.4.1…」), until the next clause', () => {
    const g = invalidFromModel(
      modelFile([
        { type: 'heading', page: 85, pageEnd: 85, level: 7, numbering: '32.4', title: '投标人投标文件作无效处理的情形，具体包括但不限于以下：', text: '32.4投标人投标文件作无效处理的情形，具体包括但不限于以下：' },
        para(85, '32.4.1不同投标人的投标文件由同一单位或者同一个人编制；'),
        para(85, '32.4.2 不同投标人委托同一单位或者个人办理投标事宜；'),
        para(85, '32.4.3主管部门依照法律、法规认定的其他情形。'),
        para(85, '32.5对不属于所列的其他情形，不得作为投标无效的理由。'),
        para(85, '32.6评审委员会将对通过审查的投标文件进行比较。'),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual(['32.4.1不同投标人的投标文件由同一单位或者同一个人编制；', '32.4.2 不同投标人委托同一单位或者个人办理投标事宜；', '32.4.3主管部门依照法律、法规认定的其他情形。']);
  });

  it('the rows of the review tables a sentence voids a bid by (《资格性审查表》《符合性审查表》), and not a table the sentence does not name', () => {
    const CN = '甲乙丙丁戊';
    const rowsOf = (n: number, what: string) => Array.from({ length: n }, (_, k) => [String(k + 1), `${what}${CN[k]}项不满足要求的情形；`]);
    const blocks: Block[] = [
      heading(4, '资格性审查表', 2),
      table(4, [['序号', '内容'], ...rowsOf(2, '资格')]),
      heading(4, '符合性审查表', 2),
      para(4, '采购包1：'),
      table(4, [['序号', '内容'], ...rowsOf(3, '符合')]),
      table(5, rowsOf(5, '续表').slice(3)),
      heading(6, '商务要求表', 2),
      table(6, [['序号', '内容'], ...rowsOf(4, '商务')]),
      para(40, '32.2 投标文件初审内容请详见《资格性审查表》和《符合性审查表》部分。投标人若有一条审查不通过则按投标无效处理。'),
    ];
    const g = invalidFromModel(modelFile(blocks).model!);
    expect(g.map((x) => x.text)).toEqual([
      '资格甲项不满足要求的情形；',
      '资格乙项不满足要求的情形；',
      '符合甲项不满足要求的情形；',
      '符合乙项不满足要求的情形；',
      '符合丙项不满足要求的情形；',
      '续表丁项不满足要求的情形；',
      '续表戊项不满足要求的情形；',
    ]);
    // without the sentence that voids a bid failing a row, the tables' rows are requirements, not grounds
    expect(invalidFromModel(modelFile(blocks.slice(0, -1)).model!)).toEqual([]);
  });

  it('a complaint not accepted (质疑…不予受理) and a bond not returned are no grounds of a bid', () => {
    const g = invalidFromModel(
      modelFile([
        para(89, '质疑有下列情形之一的，不予受理：'),
        li(89, '（1）', '质疑主体不满足要求的；'),
        li(89, '（2）', '供应商未在法定质疑期限内提出质疑的；'),
        para(90, '有下列情形之一的，投标保证金不予退还并视为无效：'),
        li(90, '（1）', '投标人在投标有效期内撤销投标文件的；'),
      ]).model!,
    );
    expect(g).toEqual([]);
  });

  it('a list of groups: the grounds under each group head count (the same words under two heads twice); a head whose sub-items only give examples counts once', () => {
    const g = invalidFromModel(
      modelFile([
        para(24, '3.1.2 投标文件如存在以下情况之一的，作为符合性审查未通过予以否决其投标：'),
        li(25, '1.', '技术标符合性审查未通过的情形：', 1),
        li(25, '（1）', '编制内容不符合招标文件规定的。'),
        li(25, '（2）', '投标文件提交的份数少于招标文件规定的。'),
        li(25, '2.', '商务标符合性审查未通过的情形：', 1),
        li(25, '（1）', '编制内容不符合招标文件规定的。'),
        li(25, '（2）', '投标报价超出最高投标限价的。'),
        li(25, '3.', '评审时如发现下列情形之一的，视为投标人串通投标，其投标无效：', 1),
        li(25, '（1）', '不同投标人的投标文件由同一单位编制；'),
        li(25, '（2）', '不同投标人委托同一单位办理投标事宜；'),
        heading(26, '四、详细评审标准'),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual([
      '编制内容不符合招标文件规定的。',
      '投标文件提交的份数少于招标文件规定的。',
      '编制内容不符合招标文件规定的。',
      '投标报价超出最高投标限价的。',
      '不同投标人的投标文件由同一单位编制；',
      '不同投标人委托同一单位办理投标事宜；',
    ]);

    const h = (page: number, numbering: string, text: string, level: number): Block => ({ type: 'heading', page, pageEnd: page, level, numbering, title: text, text: numbering + text });
    const c = invalidFromModel(
      modelFile([
        h(81, '（3）', '投标人有下列情形之一的，评标委员会应当否决其投标：', 6),
        li(81, '(一)', '投标人不符合国家或者招标文件规定的资格条件。'),
        li(81, '(二)', '投标报价高于招标文件设定的最高投标限价的。'),
        h(81, '(三)', '投标文件没有对招标文件的实质性要求和条件作出响应：', 4),
        li(81, 'A、', '未按招标文件要求提交投标保证金的；', 3),
        li(82, 'B、', '投标有效期不足；', 3),
        li(82, '(五)', '投标人有串通投标、弄虚作假等违法行为的，以下情况视为串标：'),
        li(82, 'A、', '不同投标人委托同一单位或者个人办理投标事宜；', 3),
        li(82, 'B、', '不同投标人的投标文件相互混装；', 3),
        li(82, '（4）', '被否决的投标不进入详细评审。', 7),
        h(82, '（5）', '评标委员会将对投标报价进行审核，修正其中的算术错误：', 6),
        li(82, '（a）', '大写金额与小写金额不一致的，以大写金额为准；', 8),
      ]).model!,
    );
    expect(c.map((x) => x.text)).toEqual([
      '投标人不符合国家或者招标文件规定的资格条件。',
      '投标报价高于招标文件设定的最高投标限价的。',
      '未按招标文件要求提交投标保证金的；',
      '投标有效期不足；',
      '投标人有串通投标、弄虚作假等违法行为的，以下情况视为串标：',
    ]);
  });

  it('a review table ends where a table with its own header row follows it (the scoring table right after the 符合性审查表)', () => {
    const g = invalidFromModel(
      modelFile([
        heading(2, '符合性审查表', 2),
        table(2, [['序号', '内容'], ['1', '不得将一个包的内容拆开投标；'], ['2', '投标文件电子文档不得带病毒；']]),
        table(3, [['序号', '评分因素', '评分准则'], ['1', '技术方案', '方案完整、措施可行的得满分']]),
        heading(4, '资格性审查表', 2),
        table(4, [['序号', '内容'], ['1', '投标人不符合资格要求的；']]),
        // as many columns, no header row, but its numbering starts again: another table, not the review table's continuation
        table(4, [['1', '拟投入人员配备合理、分工明确的得满分']]),
        para(50, '投标文件初审内容详见《资格性审查表》和《符合性审查表》，投标人若有一条审查不通过则按投标无效处理。'),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual(['不得将一个包的内容拆开投标；', '投标文件电子文档不得带病毒；', '投标人不符合资格要求的；']);
  });

  it('a one-level clause and its sub-clauses (「9.…有下列情形之一的，响应无效：」 then 「9.1…」), and a list under 「其他无效响应的情形：」', () => {
    const h = (page: number, numbering: string, text: string): Block => ({ type: 'heading', page, pageEnd: page, level: 5, numbering, title: text, text: numbering + text });
    const g = invalidFromModel(
      modelFile([
        h(12, '9.', '除磋商文件另有规定外，有下列情形之一的，响应无效：'),
        para(12, '9.1响应文件未按照磋商文件要求签署、盖章；'),
        para(12, '9.2磋商报价超过磋商文件中规定的最高限价；'),
        h(12, '六、', '磋商、评审和结果确定'),
        h(18, '7.', '其他无效响应的情形：'),
        li(18, '（1）', '响应文件提供虚假材料的。'),
        li(18, '（2）', '响应文件含有采购人不能接受的附加条件的。'),
        h(18, '第五章', '合同文本'),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual(['9.1响应文件未按照磋商文件要求签署、盖章；', '9.2磋商报价超过磋商文件中规定的最高限价；', '响应文件提供虚假材料的。', '响应文件含有采购人不能接受的附加条件的。']);
  });

  it('a table row whose label cell names the grounds (「导致报价文件无效的重大偏差」): the numbered lines of its value cell; not a summary table of them', () => {
    const g = invalidFromModel(
      modelFile([
        table(9, [
          ['条款号', '评审内容', '评审标准'],
          ['3.2.5（2）', '导致报价文件无效的重大偏差', '（1）未按采购文件规定对报价表签字并盖单位章的；\n（2）未按采购文件规定提供有效的授权委托书的；\n（3）报价超过最高限价的。'],
          ['3.2.6', '供应商并列时的规则', '（1）重新报价；\n（2）抽签确定。'],
          ['1.1', '否决投标条款汇总', '（1）报价文件未按规定密封的；'],
        ]),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual(['（1）未按采购文件规定对报价表签字并盖单位章的；', '（2）未按采购文件规定提供有效的授权委托书的；', '（3）报价超过最高限价的。']);
  });

  it('the next clause of the introduction\'s rank ends its list, though Word nests the clause deeper than the items', () => {
    const g = invalidFromModel(
      modelFile([
        li(18, '3.1.3', '投标人有以下情形之一的，评标委员会应当否决其投标：', 3),
        li(18, '（1）', '投标文件没有对招标文件的实质性要求和条件作出响应；'),
        li(18, '（2）', '评标办法前附表规定的其它情形。'),
        li(18, '3.1.4', '投标报价有算术错误的，评标委员会按以下原则对投标报价进行修正：', 3),
        li(19, '（1）', '大写金额和小写金额不一致的，以大写金额为准；'),
        li(19, '（2）', '总价金额与按单价汇总金额不一致的，以单价金额计算结果为准。'),
      ]).model!,
    );
    expect(g.map((x) => x.text)).toEqual(['投标文件没有对招标文件的实质性要求和条件作出响应；', '评标办法前附表规定的其它情形。']);
  });
});

