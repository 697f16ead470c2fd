import type { CardClause, HealthFinding, TenderCard } from '@btz/shared';
import { parseCnNumber } from '../../text/numerals.js';
import type { LocatedFact } from '../facts.js';
import { clip, type FlatNode } from './bid.js';

/**
 * What the bid states against the tender's grounds for rejection (`invalid-risk`): a price above the ceiling, a period
 * longer or a warranty shorter than required, a negative deviation from a substantive clause.
 */

function parseMoney(n: string, unit: string): number {
  const v = Number(n.replace(/,/g, ''));
  return unit.startsWith('万') ? v * 10000 : v;
}

const PRICE_RE = /(?:投标总报价|投标报价|投标总价|报价|总价)(?:金额)?(?:为|是|：|:)?\s*(?:人民币)?\s*[¥￥]?\s*([\d,]+(?:\.\d+)?)\s*(万元|元)/g;

function clauseAmount(text: string): number | null {
  const m = /([\d,]+(?:\.\d+)?)\s*(万元|元)/.exec(text);
  return m ? parseMoney(m[1]!, m[2]!) : null;
}

export function invalidRisks(card: TenderCard, flat: readonly FlatNode[], sections: Record<string, string>, facts: readonly LocatedFact[]): HealthFinding[] {
  const out: HealthFinding[] = [];
  const done = new Set<string>();
  const push = (c: CardClause, nodeId: string, excerpt: string, why: string) => {
    const key = `${c.id}|${nodeId}|${excerpt}`;
    if (done.has(key)) return;
    done.add(key);
    out.push({ kind: 'invalid-risk', severity: 'high', nodeId, excerpt, refId: c.id, message: `废标风险：${why}（招标文件：「${clip(c.text, 50)}」），请立即核实修改。` });
  };
  for (const c of card.invalidClauses) {
    const t = c.text;
    // price above the ceiling / budget
    if (/报价|价格|总价/.test(t) && /超过|高于|超出/.test(t) && /最高限价|拦标价|控制价|限价|预算/.test(t)) {
      const ceiling = clauseAmount(t) ?? (/预算/.test(t) && !/限价|控制价|拦标价/.test(t) ? card.budget?.value : card.ceilingPrice?.value ?? card.budget?.value) ?? null;
      if (ceiling !== null && ceiling > 0) {
        for (const f of flat) {
          const text = sections[f.node.id] ?? '';
          for (const m of text.matchAll(PRICE_RE)) {
            const price = parseMoney(m[1]!, m[2]!);
            if (price > ceiling) push(c, f.node.id, m[0].trim(), `报价 ${price.toLocaleString('zh-CN')} 元超过最高限价 ${ceiling.toLocaleString('zh-CN')} 元`);
          }
        }
      }
    }
    // a stated period longer than the required one
    const period = /(工期|交货期|交付期|供货期|服务期)/.exec(t);
    if (period && /超过|长于|超出|迟于|晚于/.test(t)) {
      // the limit stated in the clause, else the tender's own delivery term (LLM card); none → not checkable
      const term = (card.terms ?? []).find((x) => x.key === 'delivery')?.text ?? '';
      const m = /(\d+)\s*(个日历天|日历天|天|日|个月|月|年)/.exec(t) ?? /(\d+)\s*(个日历天|日历天|天|日|个月|月|年)/.exec(term);
      if (m) {
        const limit = m[2]!.includes('年') ? Number(m[1]) * 365 : m[2]!.includes('月') ? Number(m[1]) * 30 : Number(m[1]);
        const kinds = /工期|服务期/.test(period[1]!) ? ['duration'] : ['delivery'];
        for (const fact of facts) {
          const d = /^(\d+(?:\.\d+)?)天$/.exec(fact.value);
          if (kinds.includes(fact.kind) && d && Number(d[1]) > limit) push(c, fact.nodeId, fact.excerpt, `承诺${fact.excerpt}，超过招标要求的 ${m[1]}${m[2]}`);
        }
      }
    }
    // warranty shorter than required
    if (/质保期|保修期|质量保证期/.test(t) && /不足|少于|低于|短于/.test(t)) {
      const m = /(\d+|[一二两三四五六七八九十]+)\s*(个月|月|年)/.exec(t);
      if (m) {
        const n = parseCnNumber(m[1]!);
        const months = m[2]!.includes('年') ? n * 12 : n;
        for (const fact of facts) {
          if (fact.kind === 'warranty' && parseFloat(fact.value) < months) push(c, fact.nodeId, fact.excerpt, `承诺${fact.excerpt}，短于招标要求的 ${m[1]}${m[2]}`);
        }
      }
    }
    // a negative deviation stated against a ★ clause
    if (/负偏离|偏离/.test(t) && /★|实质性/.test(t)) {
      for (const f of flat) {
        const text = sections[f.node.id] ?? '';
        for (const m of text.matchAll(/负偏离/g)) {
          const before = text.slice(Math.max(0, m.index - 3), m.index);
          if (/无|不|没有|非|未/.test(before)) continue;
          // the word named, not stated: a form's instructions copied into the bid (「填写“正偏离”、“负偏离”或“无偏离”」,
          // 「如出现负偏离，将导致投标无效」, 「均视为“负偏离”」, 「将判定为负偏离」)
          const lead = text.slice(Math.max(0, m.index - 6), m.index);
          const tail = text.slice(m.index + m[0].length, m.index + m[0].length + 4);
          if (/[“「"'‘]$/.test(lead) || /如|若|凡|一旦|视为|判定为|是否/.test(lead) || /^(?:[”」"'’]|表示|的|[，,]?将)/.test(tail)) continue;
          push(c, f.node.id, clip(text.slice(Math.max(0, m.index - 20), m.index + 3)), '投标文件中出现对实质性要求的负偏离');
        }
      }
    }
  }
  return out;
}
