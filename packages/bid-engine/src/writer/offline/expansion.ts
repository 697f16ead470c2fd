import type { SectionKind } from '../kinds.js';
import { F, type Ctx } from './context.js';
import { isServiceDomain } from '../domain.js';
import {
  ACTIONS, ASPECTS, CLAUSE_FOCUS, COMMON_ASPECTS, EVIDENCE_ACTIONS, EVIDENCE_KINDS, FORM_NOTES, PRACTICES, SERVICE_ASPECTS,
  SERVICE_PRACTICES, WORKS_ASPECTS, WORKS_PRACTICES, GOODS_ASPECTS, GOODS_PRACTICES,
} from './phrases.js';

export function expansion(c: Ctx): string[][] {
  const paras: string[][] = [];
  const used = new Set<string>();
  const push = (ss: string[]) => {
    const fresh = ss.filter((x) => !used.has(x));
    fresh.forEach((x) => used.add(x));
    if (fresh.length) paras.push(fresh);
  };
  if (c.node.mode !== 'ai') {
    FORM_NOTES.forEach(([a, note], k) =>
      push([c.pick([`${c.T}的${a}：${note}。`, `关于${c.T}的${a}，${note}。`, `${c.T}（${a}）：${note}。`], k)]),
    );
    return paras;
  }
  const service = isServiceDomain(c.domain);
  const goods = c.domain === 'goods';
  const works = c.domain === 'construction';
  const own =
    (service ? SERVICE_ASPECTS[c.kind] : works ? WORKS_ASPECTS[c.kind] : goods ? GOODS_ASPECTS[c.kind] : undefined) ??
    ASPECTS[c.kind] ??
    (service ? SERVICE_ASPECTS.technical! : works ? WORKS_ASPECTS.technical! : goods ? GOODS_ASPECTS.technical! : ASPECTS.technical!);
  const aspects = [...own, ...COMMON_ASPECTS.filter((a) => !own.includes(a))];
  const crit = c.crit;
  const focusRe = CLAUSE_FOCUS[c.kind];
  // with the outline, only the clauses this leaf restates (each clause in one leaf)
  const clauses = (c.clauses ?? (focusRe ? [...c.card.starClauses, ...c.card.importantClauses].filter((x) => focusRe.test(x.text)) : []))
    // the clause's first sentence only: a quoted 「…；…」 would leave its tail as a sentence of its own in every section
    .map((x) => x.text.split(/[。；;！？]/).find((t) => t.trim().length >= 4)?.trim() ?? x.text.replace(/[。；;]+$/, ''));
  const practices =
    (service ? SERVICE_PRACTICES[c.kind] : works ? WORKS_PRACTICES[c.kind] : goods ? GOODS_PRACTICES[c.kind] : undefined) ??
    PRACTICES[c.kind] ??
    (service ? SERVICE_PRACTICES.technical! : works ? WORKS_PRACTICES.technical! : goods ? GOODS_PRACTICES.technical! : PRACTICES.technical!);
  const f = F(c);
  const bits: Record<string, string> = {
    duration: `${f.duration.label === '服务期' ? '服务期' : '工期'} ${f.duration.value}`,
    warranty: `质保期 ${f.warranty.value}`,
    response: `${f.response.value}响应`,
    team: `项目组 ${f.teamSize.value}`,
    hours: `${f.serviceHours.value}服务`,
    trial: `试运行期 ${f.trialRun.value}`,
    training: `培训${f.trainingSessions.value}`,
  };
  const FACTS_BY_KIND: Partial<Record<SectionKind, string[]>> = {
    schedule: ['duration', 'trial'],
    implementation: ['duration', 'trial', 'team'],
    quality: ['duration', 'trial'],
    staffing: ['team'],
    aftersales: ['warranty', 'response', 'hours'],
    emergency: ['response', 'hours'],
    training: ['training', 'trial'],
    safety: ['duration', 'team'],
  };
  // only figures the tender gives (a placeholder is not a unit of report)
  const known: Record<string, boolean> = {
    duration: !f.duration.assumed, warranty: !f.warranty.assumed, response: !f.response.assumed, team: !f.teamSize.assumed,
    hours: !f.serviceHours.assumed, trial: !f.trialRun.assumed, training: !f.trainingSessions.assumed,
  };
  const factBits = (FACTS_BY_KIND[c.kind] ?? Object.keys(bits)).filter((k) => known[k]).map((k) => bits[k]!);
  if (!factBits.length) factBits.push('招标文件的要求');
  const usedPractices = new Set<string>();
  const n = aspects.length;
  const start = c.h % n;
  for (let k = 0; k < n * ACTIONS.length * 2; k++) {
    const a = aspects[(start + k) % n]!;
    const evidence = EVIDENCE_KINDS.includes(c.kind);
    const acts = evidence ? EVIDENCE_ACTIONS : ACTIONS;
    const act = acts[(c.h + (k % n) * 3 + Math.floor(k / n)) % acts.length]!;
    const cr = crit.length ? crit[k % crit.length]! : '';
    const fb = factBits[(c.h + k) % factBits.length]!;
    const pr = practices[(c.h + k) % practices.length]!;
    const prFresh = !usedPractices.has(pr);
    const round = Math.floor(k / n);
    const s1 = c.pick(
      [
        cr
          ? `在${c.T}的“${a}”环节，${c.E}将${act}，确保满足${c.B}在评分标准中提出的“${cr}”。`
          : `在${c.T}的“${a}”环节，${c.E}将${act}，确保${c.P}按${c.B}的要求推进。`,
        cr
          ? `就${c.T}中的${a}而言，我方${act}，使该项工作与“${cr}”这一评审要点一一对应。`
          : `就${c.T}中的${a}而言，我方${act}，使该项工作可检查、可追溯。`,
        evidence
          ? `围绕${c.T}的${a}，我方${act}，供${c.B}评审时逐项核对。`
          : `围绕${c.T}的${a}，项目组${act}，并以${fb}作为统一口径向${c.B}报告。`,
        evidence
          ? `${c.T}的${a}以能够证明的事实为限，${act}，与${c.P}的评分要求对应。`
          : `${c.T}的${a}工作以${c.P}的实际需求为出发点，${act}，不以通用模板代替现场情况。`,
        evidence
          ? `${c.T}中关于${a}的内容，我方${act}，并在目录中标注页码，方便${c.B}评审。`
          : `为保证${c.T}的${a}落到实处，${c.E}${act}，结果纳入${c.P}的项目周报。`,
        `${c.T}的${a}由专人负责，${act}，如${c.B}提出调整意见，我方及时书面回复。`,
      ],
      (k % n) + round * 5,
    );
    const cl = clauses.length && !evidence ? clauses[(c.h + k) % clauses.length]! : '';
    const s2 =
      cl && k % 2 === 0
        ? c.pick([`该环节同时落实“${cl}”这一要求，相关记录在${c.T}中归档。`, `${c.T}的${a}与“${cl}”的响应保持一致，执行结果由${c.B}确认。`], k * 7 + round)
        : prFresh
          ? c.pick([`${c.T}的${a}具体做法是：${pr}。`, `在${a}方面，${c.T}坚持${pr}。`], k * 5 + round)
          : '';
    if (s2 && !cl) usedPractices.add(pr);
    push(k % 3 === 2 || !s2 ? [s1] : [s1, s2]);
  }
  return paras;
}
