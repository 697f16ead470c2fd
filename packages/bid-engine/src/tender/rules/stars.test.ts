import { describe, expect, it } from 'vitest';
import type { Block } from '../../reading/model/types.js';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { pagesOf } from '../../../test/fixtures/tender-pages.js';
import { extractCard } from '../card.js';
import { markedFromModel } from './stars.js';
import type { TenderFileInput } from '../types.js';
import { verifyExcerpt } from '../verify.js';

const item = (page: number, numbering: string, text: string, level = 1): Block => ({ type: 'list-item', page, pageEnd: page, level, numbering, text });
const stars = (f: TenderFileInput) => extractCard([f]).starClauses.map((c) => c.text);

describe('★ clauses from the document model', () => {
  it('the text after the mark, numbering after the mark kept and before it left out; explanations of the mark are no clauses', () => {
    const f = modelFile([
      heading(3, '第二章 采购需求'),
      para(3, '凡标有“★”的条款均为实质性条款，不满足将导致投标无效。'),
      item(3, '2、', '带★号条款为不可偏离条款，如未响应或出现负偏离的，将作投标无效处理。'),
      para(4, '★（2）采购人对岗位设置及人员管理工作具有直接指挥权和最终决定权。'),
      item(4, '3、', '★如注明有单价限价的产品，投标人对该产品的单价报价不得超过单价限价。'),
      table(5, [
        ['序号', '评审内容'],
        ['1', '满足招标文件中标注“★”的条款'],
        ['2', '必须满足技术规范书中的★号条款，加星条款（★）不得负偏离'],
      ]),
    ]);
    expect(stars(f)).toEqual(['（2）采购人对岗位设置及人员管理工作具有直接指挥权和最终决定权。', '如注明有单价限价的产品，投标人对该产品的单价报价不得超过单价限价。']);
  });

  it('a list whose bullet is the mark marks its items; a clause opening with 标 is no explanation; a mark in brackets or after the words', () => {
    const f = modelFile([
      item(6, '★', '投标人须提供原厂授权书。'),
      para(6, '★标准配置须含备用电源。'),
      para(7, '1.交货期（★）：合同签订后30日内。'),
      para(7, '加星条款（★）需满足且不得负偏离。'),
      table(8, [['服务期限★', '一年']]),
    ]);
    expect(stars(f)).toEqual(['投标人须提供原厂授权书。', '标准配置须含备用电源。', '1.交货期：合同签订后30日内。', '服务期限']);
  });

  it('a marked heading is one clause; the unmarked items under it are not clauses of their own', () => {
    const f = modelFile([
      heading(10, '★五、商务要求', 2),
      para(10, '本部分内容为项目正常开展的基本要求，均为★号条款要求，如未响应将作投标无效处理；'),
      item(10, '1.', '交货期：合同签订后30日内。'),
      heading(11, '★6.太平间管理', 4),
      para(11, '负责太平间的日常管理。'),
    ]);
    expect(stars(f)).toEqual(['五、商务要求', '6.太平间管理']);
  });

  it('tables: a label cell, a content cell, column headers and a bare mark that marks its row', () => {
    const m = modelFile([
      table(6, [
        ['序号', '货物名称', '招标技术要求'],
        ['1', '夏作训服', '★按照公安部《辅警服装 夏作训服（试用稿）》标准执行。'],
        ['2', '学生电脑', '4.1★机箱≥13.6L，支持侧板挂环锁、防盗锁；'],
      ]),
      table(7, [
        ['序号', '目录', '招标商务要求'],
        ['1', '★关于交货', '交货期：合同签定后 90 天内交货并完成安装、调试。'],
      ]),
      table(8, [
        ['序号', '★人员类别', '★数量', '★人员必须具备条件', '人员可偏离条件'],
        ['1', '项目负责人', '1', '注册会计师', '无'],
      ]),
      table(9, [
        ['序号', '参数性质', '类型', '要求'],
        ['1', '★', '交货地点', '福州市鼓楼区通湖路330号'],
        ['2', '', '交货时间', '合同签订后10个日历天内'],
      ]),
    ]);
    expect(stars(m)).toEqual([
      '按照公安部《辅警服装 夏作训服（试用稿）》标准执行。',
      '机箱≥13.6L，支持侧板挂环锁、防盗锁；',
      '关于交货',
      '人员类别',
      '数量',
      '人员必须具备条件',
      '交货地点 福州市鼓楼区通湖路330号',
    ]);
  });

  it('a flag column (header 「是否★项」) marks the rows it says yes to', () => {
    const m = modelFile([
      table(6, [
        ['序号', '技术要求', '是否★项'],
        ['1', '系统须支持国产操作系统。', '是'],
        ['2', '界面美观。', '否'],
      ]),
    ]);
    expect(stars(m)).toEqual(['系统须支持国产操作系统。']);
  });

  it('inside one cell: one clause per mark; a lead-in takes its lines, a wrapped line is joined, the next item is not', () => {
    const found = markedFromModel(
      {
        blocks: [
          table(5, [
            ['序号', '商务需求项', '招标商务要求'],
            ['5', '质量验收', '★5.3验收标准：按国家标准执行。\n★5.3.1中标人应在发货前通知采购人抽检。'],
            ['1', '关于交货', '★1.2交货期限要求：\n小于等于20件的，交货期7日；\n大于20件的，交货期15日。'],
            ['3', '内窥镜', '▲1.5.3.5内窥镜角分辨力：≥\n6C/(°)（提供产品白皮书）'],
            ['9', '供水系统维护', '1.供水系统运行正常；\n2.设备、阀门能正常开启；\n3.★配置的水池管理人员持有健康证。\n4.定期清洗水池。'],
          ]),
        ],
        furniture: [],
        pageCount: 5,
      },
      '★',
    ).map((x) => x.text);
    expect(found).toEqual([
      '5.3验收标准：按国家标准执行。',
      '5.3.1中标人应在发货前通知采购人抽检。',
      '1.2交货期限要求： 小于等于20件的，交货期7日； 大于20件的，交货期15日。',
      '配置的水池管理人员持有健康证。',
    ]);
    const tri = markedFromModel({ blocks: [table(5, [['序号', '要求'], ['3', '▲1.5.3.5内窥镜角分辨力：≥\n6C/(°)（提供产品白皮书）']])], furniture: [], pageCount: 5 }, '▲');
    expect(tri.map((x) => x.text)).toEqual(['1.5.3.5内窥镜角分辨力：≥ 6C/(°)（提供产品白皮书）']);
  });

  it('a marked lead-in paragraph takes the list under it, up to the next heading', () => {
    const f = modelFile([
      para(30, '★填写要求：'),
      item(30, '1.', '所有价格应以人民币为结算单位填写；'),
      item(30, '2.', '分项报价表原有的格式内容不得删减。'),
      heading(31, '二、报价说明', 2),
      para(31, '报价含税。'),
    ]);
    const card = extractCard([f]);
    expect(card.starClauses.map((c) => c.text)).toEqual(['填写要求： 1.所有价格应以人民币为结算单位填写； 2.分项报价表原有的格式内容不得删减。']);
    expect(card.starClauses[0]).toMatchObject({ verified: true, source: { page: 30, excerpt: '★填写要求：' } });
  });

  it('a sentence broken over two paragraphs is joined; a closed one, a title or a numbered paragraph is not', () => {
    const f = modelFile([
      para(12, '★中标人须在合同签订后，按照采购人提供的名单'),
      para(12, '为全部人员办理入场手续。'),
      para(12, '★投标人须提供承诺函（格式自拟）'),
      para(12, '投标人名称：'),
      para(13, '★（2）报价填写要求'),
      para(13, '投标总价必须为2个标段报价之和。'),
    ]);
    expect(stars(f)).toEqual(['中标人须在合同签订后，按照采购人提供的名单为全部人员办理入场手续。', '投标人须提供承诺函（格式自拟）', '（2）报价填写要求']);
  });

  it('a bare form number takes the form title that follows; a form heading repeating a listed form is the same clause', () => {
    const f = modelFile([
      para(35, '★附件1：'),
      heading(35, '投标函'),
      para(40, '★5－1法定代表人授权委托书'),
      para(41, '★附件5-1：'),
      heading(41, '法定代表人授权委托书'),
    ]);
    expect(stars(f)).toEqual(['附件1：投标函', '5－1法定代表人授权委托书']);
  });

  it('once each: a response-table reprint (a figure changed, cut short), the contract\'s 甲方/乙方 copy; two short clauses differing at the end stay two', () => {
    const f = modelFile([
      heading(20, '第四章 合同条款'),
      para(20, '★3.8乙方自愿放弃所有知识产权并配合甲方做知识产权登记；'),
      heading(30, '第五章 用户需求书'),
      para(30, '★3.8投标人自愿放弃所有知识产权并配合招标人做知识产权登记；'),
      table(31, [
        ['序号', '商务需求项', '招标商务要求'],
        ['1', '免费保修期', '★原厂保修，货物免费保修期5年，自最终验收合格之日起计算。'],
        ['2', '柴油机', '（3）★额定转速：1500RPM。'],
        ['3', '发电机', '（3）★额定转速：1500RPM；'],
      ]),
      table(50, [
        ['序号', '商务需求项', '招标商务要求', '投标商务响应', '偏离情况'],
        ['1', '免费保修期', '★原厂保修，货物免费保修期2年，自最终验收合格之日起计算。', '', ''],
        ['2', '柴油机', '（3）★额定转速：1500RPM。', '', ''],
        ['3', '售后', '★3.8投标人自愿放弃所有知识产权', '', ''],
      ]),
    ]);
    const card = extractCard([f]);
    expect(card.starClauses.map((c) => [c.text, c.source.page])).toEqual([
      ['3.8投标人自愿放弃所有知识产权并配合招标人做知识产权登记；', 30],
      ['原厂保修，货物免费保修期5年，自最终验收合格之日起计算。', 31],
      ['额定转速：1500RPM。', 31],
      ['额定转速：1500RPM；', 31],
    ]);
  });

  it('a clause stated in full in the list of substantive clauses and again as a table\'s label cell is one clause, the full one', () => {
    const f = modelFile([
      heading(14, '五、实质性条款'),
      table(14, [
        ['序号', '实质性条款具体内容'],
        ['1', '★服务期限：自合同签订之日起两年。'],
      ]),
      heading(16, '六、商务要求'),
      table(16, [
        ['序号', '具体内容', '商务要求'],
        ['1', '★付款方式', '合同签订后支付合同总价的30%。'],
        ['2', '★服务期限', '自合同签订之日起两年。'],
      ]),
    ]);
    expect(stars(f)).toEqual(['服务期限：自合同签订之日起两年。', '付款方式']);
  });

  it('every clause cites a verbatim excerpt of its page; ▲ clauses are read the same way', () => {
    const f = modelFile([
      heading(3, '第三章 用户需求书'),
      table(4, [
        ['序号', '货物名称', '招标技术要求'],
        ['1', '柴油发电机组', '1.1 ★额定功率：1000KW，即在此功率下每年运行不超过300小时。'],
        ['2', '柴油发电机组', '（2）▲产品应选用原装产品，生产日期必须是2025年。'],
      ]),
      para(5, '▲（9）中标人应至少安排1名工作人员专门负责与采购人进行工作对接。'),
      para(5, '带“▲”指标项为重要参数条款，负偏离时依相关评分准则内容作重点扣分处理。'),
    ]);
    const card = extractCard([f]);
    expect(card.starClauses.map((c) => c.text)).toEqual(['额定功率：1000KW，即在此功率下每年运行不超过300小时。']);
    expect(card.importantClauses.map((c) => c.text)).toEqual(['产品应选用原装产品，生产日期必须是2025年。', '（9）中标人应至少安排1名工作人员专门负责与采购人进行工作对接。']);
    for (const c of [...card.starClauses, ...card.importantClauses]) {
      expect(c.verified, c.text).toBe(true);
      expect(verifyExcerpt(f.pages, c.source.page, c.source.excerpt)).toBe(true);
    }
    expect(card.starClauses[0]!.source.excerpt.startsWith('★额定功率')).toBe(true);
  });

  it('a clause inside a lot\'s section carries that lot', () => {
    const f = modelFile([
      heading(2, '第一标段：办公家具采购', 2),
      para(2, '★所有板材甲醛释放量须达到E1级标准。'),
      heading(3, '第二标段：电子设备采购', 2),
      para(3, '★台式计算机须预装正版操作系统。'),
    ]);
    const card = extractCard([f]);
    expect(card.starClauses.map((c) => [c.lot, c.text])).toEqual([
      ['1', '所有板材甲醛释放量须达到E1级标准。'],
      ['2', '台式计算机须预装正版操作系统。'],
    ]);
    expect(extractCard([f], { lot: '2' }).starClauses.map((c) => c.text)).toEqual(['台式计算机须预装正版操作系统。']);
  });
});

describe('★ clauses from text lines (files without a model)', () => {
  it('the numbering after the mark is kept (「3）」 whole), the one before it left out; a row\'s cells are tab-separated', () => {
    const f: TenderFileInput = {
      name: 'a.txt',
      role: 'main',
      order: 0,
      pages: pagesOf([
        '★3）在服务周期内，投标人应给予无偿的技术支持；\n2. ★平台须采用B/S架构。\n凡标有“★”的条款均为实质性条款。',
        '1\t夏作训服\t★按照公安部标准执行。\n1\t★\t交货地点\t福州市鼓楼区\n★交付期限：合同签订后90日内完成部署\n并上线试运行。',
      ]),
    };
    const card = extractCard([f]);
    expect(card.starClauses.map((c) => c.text)).toEqual([
      '3）在服务周期内，投标人应给予无偿的技术支持；',
      '平台须采用B/S架构。',
      '按照公安部标准执行。',
      '交货地点 福州市鼓楼区',
      '交付期限：合同签订后90日内完成部署并上线试运行。',
    ]);
    for (const c of card.starClauses) expect(c.verified, c.text).toBe(true);
  });
});
