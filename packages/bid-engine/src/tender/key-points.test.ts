import { describe, expect, it } from 'vitest';
import { keyPoints, rowPoints } from './key-points.js';
import { rowResponse } from '../health/coverage.js';

/** Criteria worded as real tenders word them (small fixtures, not corpus files). */
const row = (item: string, criteria: string) => ({ item, criteria });

describe('key points of a scoring row (one definition for the writer and the coverage check)', () => {
  it('keeps words whole: no grade character is cut out of a point (节能降耗, 优先采购, 食物中毒, 其他)', () => {
    const p = keyPoints(row('绿色采购', '节能降耗工作计划和实施措施的合理性和可行性。涉及保洁物资采购，优先采购绿色产品。对①火灾；②食物中毒；③停电等提供应急方案。'));
    expect(p).toEqual(expect.arrayContaining(['节能降耗工作计划', '优先采购绿色产品', '食物中毒']));
    expect(p.some((t) => /^节降耗|^先采购|食物毒/.test(t))).toBe(false);
    const q = keyPoints(row('业绩经验', '具有为其他金融机构提供人员外包服务业绩的，每有1家机构得1分。'));
    expect(q).toContain('其他金融机构');
    expect(q).not.toContain('他金融机构');
  });

  it('leaves out the scoring conditions: what is not accepted, how points add up, what a count goes by', () => {
    const p = keyPoints(
      row('业绩经验', '投标人需提供有关业绩合同复印件（时间以合同签订时间为准），招标人保留核查权利。合同甲方必须为银行或其他金融机构，分包合同不予认可。以上得分累计最高至6分止。同一家银行的多个业绩合同按一项业绩计分。'),
    );
    expect(p.filter((t) => /不予认可|累计|为准|核查|按一项/.test(t))).toEqual([]);
    // evidence to provide stays a point: it names a thing to give
    expect(p).toContain('业绩合同复印件');
    expect(p).toContain('其他金融机构');
  });

  it('an intensifier is a grade (目标非常明确 → 目标), and 「扣完为止。」 with its full stop is a condition', () => {
    const p = keyPoints(row('消防措施', '根据消防措施方案进行评审：(1)消防目标非常明确、演练计划十分周密的，得6分；(2)消防目标比较明确的，得3分。缺一项扣2分，扣完为止。'));
    expect(p).toEqual(expect.arrayContaining(['消防目标', '演练计划']));
    expect(p.some((t) => /非常|十分|比较|为止/.test(t))).toBe(false);
  });

  it('completes a word the criteria cut short and joins a line the PDF broke', () => {
    expect(keyPoints(row('物业经理', '根据物业经理的学历、持证情况、工作经进行评审，0-4分；'))).toEqual(['学历', '持证', '工作经验', '物业经理']);
    const p = keyPoints(row('整体服务方案', '1、根据投标人的服务理念、目标和思路进行评审,0-5 分；\n2、根据投标人的管理、实施及安排进\n行评审，0-5 分；'));
    expect(p).toContain('安排');
    expect(p).not.toContain('安排进');
  });

  it('keeps the tender\'s figures of a point and drops deduction rules', () => {
    expect(keyPoints(row('应急保障方案', '（1）应急预案完整可行；（2）15分钟内响应、2小时内完成部署；（3）应急演练计划具体。每缺一项扣3分'))).toEqual([
      '应急预案',
      '15分钟内响应',
      '2小时内完成部署',
      '应急演练计划',
      '应急保障方案',
    ]);
  });

  it('splits the row name from the points its criteria ask for', () => {
    expect(rowPoints(row('服务方案-人员培训方案', '培训方案应包括岗位知识、服务礼仪、信息保密培训等，方案完整得5分'))).toEqual({
      name: ['人员培训方案'],
      points: ['岗位知识', '服务礼仪', '信息保密培训'],
    });
  });

  it('the row\'s own list number is no count: 「2.项目难点对策分析」 keeps 项目, 「（3）人员配置方案」 its first word', () => {
    expect(rowPoints(row('2.项目难点对策分析和措施方案', '')).name).toEqual(['项目难点对策分析', '措施方案']);
    expect(rowPoints(row('（3）人员配置方案', '')).name).toEqual(['人员配置方案']);
    expect(rowPoints(row('12、项目管理机构', '')).name).toEqual(['项目管理机构']);
  });

  it('a planning verb of the row name (拟安排的 / 拟派的) is no point: what is planned is', () => {
    expect(rowPoints(row('拟安排的项目经理情况', '')).name).toEqual(['项目经理']);
    expect(rowPoints(row('拟派的驻场工程师', '')).name).toEqual(['驻场工程师']);
  });

  it('the coverage check answers a row by naming its points outside the quoted criteria', () => {
    const r = row('绿色采购', '节能降耗工作计划和实施措施的合理性和可行性；优先采购绿色产品；垃圾分类管理和回收。');
    const quoted = `${r.criteria}`.repeat(8);
    expect(rowResponse(r, quoted).state).not.toBe('answered');
    const answer = keyPoints(r)
      .map((p) => `针对评审要点“${p}”：按月编制计划并由项目负责人检查落实，执行记录每月报送采购人确认。`)
      .join('');
    expect(rowResponse(r, answer).state).toBe('answered');
  });
});

describe('key points: what the criteria point to, and how they count, are no points', () => {
  it('a chapter reference, a date and a web address are where to look, not points', () => {
    const p = keyPoints(row('17.项目经理配置情况', '投标人针对本项目拟派的项目经理，在满足招标文件第五章“招标内容及要求”中“人员配备及要求”的基础上，具有本科（含）以上学历的得1分；持有物业管理师资格证书得1分。'));
    expect(p).toContain('本科');
    expect(p.filter((t) => /第五章|招标|基础上/.test(t))).toEqual([]);
    const q = keyPoints(row('项目经验', '提供2022年1月1日以来的数据动态监测项目合同关键页扫描件，可在信用中国（https://www.creditchina.gov.cn）查询。'));
    expect(q.filter((t) => /^年|^月|日以来|http/.test(t))).toEqual([]);
    expect(q).toContain('信用中国');
  });

  it('the count of points met (满足上述四点、任意二点) is grading; 需求分析 and 合理化建议 stay whole', () => {
    const p = keyPoints(row('实施方案评价', '评分标准：方案包括需求分析、功能设计、原型设计、合理化建议，在此基础上，方案满足上述四点得10分，三点得6分，任意二点得3分，任意一点得1分。'));
    expect(p).toEqual(expect.arrayContaining(['需求分析', '功能设计', '原型设计', '合理化建议']));
    expect(p.filter((t) => /点$|^标准$|此基础上|^求分析|^化建议/.test(t))).toEqual([]);
  });
});

describe('key points of additive criteria: each numbered item’s thing is a point', () => {
  it('「（1）…学历的，得5分；（2）…证书的，得10分；（3）…为…的得3分」: the degree, the certificate and the status are points', () => {
    const p = keyPoints(
      row(
        '项目经理',
        '（1）具有硕士研究生学历的，得5分，本科学历得2分；\n（2）具有一级建造师证书的，得10分，具有二级建造师证书的，得5分；\n（3）项目经理为本公司正式员工的得3分；\n（4）获得市级青年岗位能手称号的：每提供一个得2分，最高得4分。\n提供学历证书、建造师证书扫描件。',
      ),
    );
    expect(p).toEqual(expect.arrayContaining(['硕士研究生学历', '一级建造师证书', '本公司正式员工']));
    expect(p.some((t) => /青年岗位能手/.test(t))).toBe(true);
    // (科学 is a grading word, not the middle of 本科学历)
    expect(p.filter((t) => t === '本历')).toEqual([]);
  });

  it('a level’s wording (「如评审结果为差」「培训计划较合理」) is no point', () => {
    const p = keyPoints(row('培训计划', '投标人提供年度培训计划。评审为优：培训计划科学合理，加40分；评审为良：培训计划较合理，加20分；如评审结果为差，要求专家书面说明理由。'));
    expect(p).toContain('培训计划');
    // (nor what the evaluators must do: 「要求专家书面说明理由」)
    expect(p.filter((t) => /为差$|较$|说明理由/.test(t))).toEqual([]);
  });

  it('grade levels of one quality (优/良/中/差) are alternatives, not items to have', () => {
    const p = keyPoints(row('服务方案', '方案包括服务流程、质量控制。\n（1）优：方案完整可行，得10分；\n（2）良：方案基本可行，得6分；\n（3）差：方案不可行，得0分。'));
    expect(p).toEqual(expect.arrayContaining(['服务流程', '质量控制']));
    expect(p.filter((t) => /^[优良差]|可行/.test(t))).toEqual([]);
  });
});
