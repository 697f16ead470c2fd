import { describe, expect, it } from 'vitest';
import { termKey, termsOfLine } from './terms.js';

/** The commercial terms a line of a tender states (the commercial deviation table's rows). */
describe('commercial terms of a line', () => {
  it('reads 「label：value」 sentences and key-facts table rows, with the tender’s words', () => {
    expect(termsOfLine('2、服务周期：自合同签署日期起一年。')).toEqual([{ key: 'delivery', label: '服务周期', value: '自合同签署日期起一年。' }]);
    expect(termsOfLine('12\t响应有效期：180天（日历天数）')).toEqual([{ key: 'validity', label: '响应有效期', value: '180天（日历天数）' }]);
    // a requirement table's row: 参数性质 ★, then the label cell and its value
    expect(termsOfLine('3\t★\t交货地点\t采购人指定地点')).toEqual([{ key: 'place', label: '交货地点', value: '采购人指定地点' }]);
    expect(termsOfLine('（3）付款方式：货到验收合格后支付合同价款的 95%。')[0]).toMatchObject({ key: 'payment', value: '货到验收合格后支付合同价款的 95%。' });
    expect(termKey('★质保期（年）')).toBe('warranty');
    expect(termKey('投标文件有效期')).toBe('validity');
  });

  it('is no term: a form’s blank, a pointer elsewhere, a scoring criterion, a table head, a sentence merely naming the word', () => {
    expect(termsOfLine('质保期：______个月')).toEqual([]);
    expect(termsOfLine('交货期：详见第五章')).toEqual([]);
    expect(termsOfLine('售后服务\t响应及时、承诺完整的得 5 分，一般的得 2 分')).toEqual([]);
    expect(termsOfLine('服务期限\t服务标准\t单价\t数量\t总价')).toEqual([]);
    expect(termsOfLine('7.1 投标有效期从开标之日起算，在该期限内投标文件持续有效。')).toEqual([]);
    expect(termsOfLine('供应商应在交货期内完成安装调试：全部设备')).toEqual([]);
  });
});

describe('what review tables, price forms and table heads print beside a term’s label', () => {
  it('is no term', () => {
    for (const line of [
      '投标有效期：符合第二章“投标人须知前附表”关于投标有效期的规定',
      '投标有效期\t投标函（自投标截止之日起 90 日历天）\t□通过□不通过',
      '付款方式：支票□ 汇款□ 现金□ 汇票□ 其他□',
      '合同履行期限：年月日起至年月日止',
      '投标有效期：11',
      '服务期\t最终报价(总价、元)',
      '交货地点\t运距（km）',
      '付款方式：详见第三章采购需求。',
      '投标有效期\t投标文件中承诺的投标有效期满足招标文件中载明的投标有效期的；',
      '合同服务时间：合同双方名称 合同金额 （人民币万元）',
      '服务期：履约时间',
      '履约验收方式：¨一次性验收',
    ])
      expect(termsOfLine(line), line).toEqual([]);
    expect(termsOfLine('响应有效期：响应有效期：【90】天')).toEqual([{ key: 'validity', label: '响应有效期', value: '【90】天' }]);
    expect(termsOfLine('履约保证金：不收取')).toEqual([{ key: 'performance', label: '履约保证金', value: '不收取' }]);
  });
});
