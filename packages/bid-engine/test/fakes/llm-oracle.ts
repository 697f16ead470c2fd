/**
 * A deterministic stand-in for the model, for tests and benchmarks: the JSON answer an ideal model would give to each
 * card task, built from a card (usually the rule card) and the pages (for the further facts the rule card lacks:
 * delivery, warranty, payment…, found line by line). Every item cites its page and a verbatim excerpt, so a card built on
 * these answers verifies. Tests alter single answers to play a model that hallucinates or misreads.
 */
import type { CardEntry, CardFact, TenderCard } from '@btz/shared';
import { promptFiles } from '../../src/tender/llm/llm-context.js';
import { isTocLine } from '../../src/tender/text.js';
import type { TenderFileInput } from '../../src/tender/types.js';
import type { LabelSource, ScoringLabel, TenderLabels } from '../fixtures/tender-model.js';

type Src = { page: number; file?: number; excerpt: string };

export interface OracleOptions {
  /** the tender text the request showed (its system message): only items on pages it shows are answered */
  context?: string;
  /** excerpts cut to this many characters (a verbatim prefix), as a model told "10～80 字" would (default: whole) */
  excerptChars?: number;
  /** scoring criteria cut to this many characters (default 150) */
  criteriaChars?: number;
}

export function oracleAnswer(taskId: string, card: TenderCard, files: readonly TenderFileInput[], o: OracleOptions = {}): Record<string, unknown> {
  const pf = promptFiles(files);
  const multi = pf.length > 1;
  const no = new Map(pf.map((f) => [f.file.name, f.no]));
  const shown = (fileNo: number, page: number) => !o.context || o.context.includes(multi ? `【文件${fileNo} 第${page}页】` : `【第${page}页】`);
  const cut = (s: string) => (o.excerptChars && s.length > o.excerptChars ? s.slice(0, o.excerptChars).trim() : s);
  const src = (e: CardEntry): Src => ({ page: e.source.page, ...(multi ? { file: no.get(e.source.file) ?? 1 } : {}), excerpt: cut(e.source.excerpt) });
  const seen = <T extends CardEntry>(e: T | null | undefined): e is T => !!e && shown(no.get(e.source.file) ?? 1, e.source.page);
  const fact = (f: CardFact<string | number> | null) => (seen(f) ? { text: f.text, ...src(f) } : null);
  const lines = (re: RegExp, max = 3, skip?: RegExp) => {
    const out: Array<{ text: string } & Src> = [];
    for (const f of pf)
      for (const p of f.file.pages.filter((x) => shown(f.no, x.page)))
        for (const raw of p.text.split('\n')) {
          const t = raw.trim();
          if (out.length >= max || t.length < 6 || t.length > 200 || isTocLine(t) || !re.test(t) || skip?.test(t) || !/[：:，。；]/.test(t)) continue;
          out.push({ text: t, page: p.page, ...(multi ? { file: f.no } : {}), excerpt: t });
        }
    return out;
  };
  const items = (list: Array<CardEntry & { text: string }>) => list.filter(seen).map((c) => ({ text: c.text, ...src(c) }));
  const scoring = (cat: string) =>
    card.scoring
      .filter((s) => s.category === cat && seen(s))
      .map((s) => ({ item: s.item, points: s.points, criteria: s.criteria.slice(0, o.criteriaChars ?? 150), ...src(s) }));
  const SCORE_ROW = /\d+\s*分|分值/;

  switch (taskId) {
    case 'basics': {
      const m = lines(/公开招标|邀请招标|竞争性磋商|竞争性谈判|询价采购|单一来源/, 1)[0];
      return {
        projectName: fact(card.projectName),
        projectNumber: fact(card.projectNumber),
        method: m ? { ...m, text: /公开招标|邀请招标|竞争性磋商|竞争性谈判|询价采购|单一来源/.exec(m.text)![0] } : null,
      };
    }
    case 'parties':
      return { purchaser: fact(card.purchaser), agency: fact(card.agency), contacts: lines(/联系人|联系电话/, 3) };
    case 'money':
      return {
        budget: seen(card.budget) ? { ...fact(card.budget), amount: card.budget.value } : null,
        ceilingPrice: seen(card.ceilingPrice) ? { ...fact(card.ceilingPrice), amount: card.ceilingPrice.value } : null,
      };
    case 'schedule':
      return {
        deadline: seen(card.deadline) ? { ...fact(card.deadline), value: card.deadline.value } : null,
        openingTime: seen(card.openingTime) ? { ...fact(card.openingTime), value: card.openingTime.value } : null,
        openingPlace: fact(card.openingPlace),
      };
    case 'bond':
      return { bidBond: seen(card.bidBond) ? { text: card.bidBond.value, amount: card.bidBond.amount ?? null, ...src(card.bidBond) } : null };
    case 'qualifications':
      return { items: items(card.qualifications) };
    case 'scoringTechnical':
      return { items: scoring('technical') };
    case 'scoringCommercial':
      return { items: scoring('commercial') };
    case 'scoringPrice':
      return { items: scoring('price') };
    case 'starClauses':
      return { items: items(card.starClauses) };
    case 'importantClauses':
      return { items: items(card.importantClauses) };
    case 'invalidClauses':
      return { items: items(card.invalidClauses) };
    case 'composition':
      return { items: card.composition.filter(seen).map((c) => ({ title: c.title, ...(c.note ? { note: c.note } : {}), ...src(c) })) };
    case 'formatRules':
      return { items: items(card.formatRules) };
    case 'lots':
      return {
        lots: card.lots.flatMap((l) => {
          const at = lines(new RegExp(l.name.split(/\s+/)[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 1)[0];
          return at ? [{ id: l.id, name: l.name, page: at.page, ...(at.file ? { file: at.file } : {}), excerpt: at.excerpt }] : [];
        }),
      };
    case 'evaluation':
      return { items: lines(/综合评分法|最低评标价法|满分\d+分|评标基准价/, 2) };
    case 'delivery':
      return { items: lines(/交付期限|交货期|工期|服务期|完成部署/, 3, SCORE_ROW) };
    case 'warranty':
      return { items: lines(/质保|保修|免费运维|运维服务/, 3, SCORE_ROW) };
    case 'payment':
      return { items: lines(/付款|支付/, 3, SCORE_ROW) };
    case 'performance':
      return { items: lines(/履约保证金|验收|违约/, 3, SCORE_ROW) };
    default:
      return {};
  }
}

/**
 * The answer of a faithful model that reads a labelled tender (issue 12 item 6): every item comes from the labels the
 * fixture was built from (test/fixtures/tender-model.ts), never from the rule card, so the merge and the verification
 * are tested against known truth. Only items on pages the request's context shows are answered; tasks the labels do not
 * cover answer empty.
 */
export function labelledAnswer(
  taskId: string,
  labels: TenderLabels,
  o: OracleOptions = {},
): Record<string, unknown> {
  const shown = (page: number) => !o.context || o.context.includes(`【第${page}页】`);
  const src = (l: LabelSource) => ({ page: l.page, excerpt: l.excerpt });
  const fact = <T extends LabelSource & { text: string }>(l: T) => (shown(l.page) ? { text: l.text, ...src(l) } : null);
  const scoring = (cat: ScoringLabel['category']) =>
    labels.scoring
      .filter((s) => s.category === cat && shown(s.page))
      .map((s) => ({ item: s.item, points: s.points, criteria: s.criteria, page: s.page, excerpt: s.excerpt }));
  switch (taskId) {
    case 'basics':
      return { projectName: fact(labels.projectName), projectNumber: fact(labels.projectNumber), method: null };
    case 'parties':
      return { purchaser: fact(labels.purchaser), agency: fact(labels.agency), contacts: [] };
    case 'money':
      return { budget: shown(labels.budget.page) ? { ...fact(labels.budget), amount: labels.budget.amount } : null, ceilingPrice: null };
    case 'schedule':
      return { deadline: shown(labels.deadline.page) ? { ...fact(labels.deadline), value: labels.deadline.value } : null, openingTime: null, openingPlace: null };
    case 'scoringTechnical':
      return { items: scoring('technical') };
    case 'scoringCommercial':
      return { items: scoring('commercial') };
    case 'scoringPrice':
      return { items: scoring('price') };
    case 'starClauses':
      return { items: labels.stars.filter((s) => shown(s.page)).map((s) => ({ text: s.text, ...src(s) })) };
    default:
      return taskId === 'bond' ? { bidBond: null } : taskId === 'lots' ? { lots: [] } : { items: [] };
  }
}
