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
});
