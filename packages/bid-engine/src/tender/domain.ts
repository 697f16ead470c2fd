import type { TenderCard } from '@btz/shared';

/**
 * The tender's domain (issue 13 item 2): the register a section is written in. A staffing or property-service tender gets
 * 人员配置、服务流程、考核与应急, a works tender 施工组织与工艺, a goods tender 供货与安装 — system architecture only for an IT
 * system. Read from the project name, the requirement items and the scoring rows by weighted keywords.
 */
export type TenderDomain = 'it' | 'staffing' | 'property' | 'catering' | 'construction' | 'goods' | 'service';

const SIGNS: [TenderDomain, RegExp, number][] = [
  ['it', /系统|平台|软件|信息化|数据库|服务器|网络安全|接口|云|开发|运维|等级保护|数字化|大数据/g, 1],
  ['staffing', /劳务|派遣|外包|人员外包|驻场|岗位|招聘|用工|社保|五险一金|工资|辅助(?:服务|人员)|服务人员/g, 1],
  ['property', /物业|保洁|清洁|绿化|安保|保安|秩序维护|会务|设施设备|维保|电梯|消防|垃圾/g, 1],
  ['catering', /餐饮|伙食|食堂|食材|厨师|膳食|餐具|菜品|食品安全/g, 1],
  ['construction', /施工|工程|安装|制作|装修|土建|钢结构|脚手架|监理|竣工|标识|LOGO|logo|幕墙/g, 1],
  ['goods', /采购清单|货物|供货|交货|设备采购|期刊|图书|文献|到货|包装|运输|备品/g, 1],
];

export function detectDomain(card: TenderCard): TenderDomain {
  const name = card.projectName?.value ?? '';
  const body = [
    ...(card.requirements ?? []).map((r) => r.text),
    ...card.scoring.map((s) => `${s.item} ${s.criteria}`),
    ...card.starClauses.map((c) => c.text),
  ].join('\n');
  let best: TenderDomain = 'service';
  let top = 0;
  for (const [d, re, w] of SIGNS) {
    const n = ((name.match(re) ?? []).length * 6 + (body.match(re) ?? []).length) * w;
    if (n > top) {
      top = n;
      best = d;
    }
  }
  return top >= 3 ? best : 'service';
}

/** Domains whose work is people serving on site: their sections speak of posts, shifts, procedures and assessment. */
export const isServiceDomain = (d: TenderDomain) => d === 'staffing' || d === 'property' || d === 'catering' || d === 'service';

export const DOMAIN_LABELS: Record<TenderDomain, string> = {
  it: '信息化系统建设与运维',
  staffing: '人力外包与劳务服务',
  property: '物业管理服务',
  catering: '餐饮服务',
  construction: '工程施工与制作安装',
  goods: '货物供应',
  service: '专业服务',
};
