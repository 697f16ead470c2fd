/**
 * A generated tender whose format chapter holds a 响应函 of blanks, a price table with quantities, units and unit-price
 * caps, and a 服务承诺函 of six enumerated clauses (issue 24's must-hold fixture): the API test
 * (test/writing/tender-forms.test.ts) and the browser test (e2e/tender-forms.test.ts) read the same tender.
 */
import { TENDER_PAGES, type Block } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';

export const ENTERPRISE = { name: '滨江示例智能科技有限公司', legalRep: '周明远', address: '滨江市高新区创业路 8 号' };
export const PARTS = ['响应函', '分项报价表', '服务承诺函', '技术方案'];
export const PRICE_ROWS = [
  ['1', '视频接入网关', '台', '40', '18,000.00', '', ''],
  ['2', '平台软件授权', '套', '1', '860,000.00', '', ''],
  ['3', '驻场运维服务', '人·月', '36', '21,500.00', '', ''],
];
export const CLAUSES = [
  '严格遵守国家有关法律法规和采购人的各项管理制度。',
  '所投产品均为原厂正品，来源合法，不侵犯第三方知识产权。',
  '按采购人要求的时间完成供货、安装和调试。',
  '项目实施期间服从采购人的统一调度和管理。',
  '对项目中接触的采购人数据严格保密，不向第三方泄露。',
  '如违反上述承诺，愿意承担由此产生的一切法律责任。',
];

export function tenderWithForms(): Promise<Buffer> {
  const pages: Block[][] = TENDER_PAGES.map((page) =>
    page.some((b) => b.kind === 'h2' && b.text === '一、投标文件组成')
      ? [
          { kind: 'h1', text: '第四章 投标文件组成' },
          { kind: 'h2', text: '一、投标文件组成' },
          ...PARTS.map((p, i): Block => ({ kind: 'p', text: `（${'一二三四'[i]}）${p}` })),
        ]
      : page,
  );
  pages.push(
    [
      { kind: 'h1', text: '第五章 响应文件格式' },
      { kind: 'h2', text: '一、响应函' },
      { kind: 'p', text: '致：（采购人名称）' },
      { kind: 'p', text: '我方（供应商名称）已仔细研究了项目编号为______的采购文件，愿意按采购文件的要求提供服务。' },
      { kind: 'p', text: '响应有效期为自响应截止之日起____日。' },
      { kind: 'p', text: '供应商名称（公章）：' },
      { kind: 'p', text: '法定代表人（签字）：________' },
      { kind: 'p', text: '地址：' },
      { kind: 'p', text: '开户银行：' },
    ],
    [
      { kind: 'h2', text: '二、分项报价表' },
      { kind: 'p', text: '项目名称：' },
      {
        kind: 'table',
        rows: [['序号', '名称', '单位', '数量', '单价上限（元）', '单价（元）', '合价（元）'], ...PRICE_ROWS],
        widths: [800, 2200, 800, 800, 1600, 1400, 1400],
      },
      { kind: 'p', text: '注：单价超过单价上限的，其响应无效。' },
    ],
    [
      { kind: 'h2', text: '三、服务承诺函' },
      { kind: 'p', text: '致：（采购人名称）' },
      { kind: 'p', text: '我方就本项目郑重承诺如下：' },
      ...CLAUSES.map((c, i): Block => ({ kind: 'p', text: `${i + 1}、${c}` })),
      { kind: 'p', text: '供应商名称（公章）：' },
    ],
    [
      { kind: 'h2', text: '四、技术方案' },
      { kind: 'p', text: '格式自拟。' },
    ],
  );
  return buildTenderDocx(pages);
}
