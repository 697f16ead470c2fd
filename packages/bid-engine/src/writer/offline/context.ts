import type { BidOutlineNode, CardClause, RequirementItem, ScoringItem, TenderCard } from '@btz/shared';
import type { TenderDomain } from '../domain.js';
import { keyPoints } from '../../tender/key-points.js';
import { pointShare } from '../points.js';
import type { Block, EditorDoc } from '../doc.js';
import type { FactSheet } from '../facts.js';
import type { SectionKind } from '../kinds.js';

/**
 * What every part of the offline writer shares: the input and result types, the context one section is written in (the
 * tender's names as short letters for the templates, the scoring items, the facts), and the small helpers every section
 * kind uses (placeholders, the opening paragraph, the ★/▲ clause lists).
 */

export interface EnterpriseFacts {
  name?: string;
  creditCode?: string;
  legalRep?: string;
  address?: string;
  contacts?: string;
  qualifications?: { name: string; number?: string; expiry?: string }[];
  staff?: { name: string; role: string; title?: string }[];
  projects?: { name: string; client?: string; year?: number | string; amount?: number | string }[];
}

export interface WriteSectionInput {
  card: TenderCard;
  node: BidOutlineNode;
  parentTitles: string[];
  siblingTitles: string[];
  facts: FactSheet;
  enterprise?: EnterpriseFacts;
  targetChars: number;
  bidType: 1 | 2;
  /** The bid's whole outline: each requirement item of the tender is then answered by exactly one leaf (points.ts). */
  outline?: BidOutlineNode[];
  /**
   * Passages of the owner's past bids to reuse (知识库: pinned, or a suggestion on the section's subject — repository
   * passagesToReuse): adapted to this tender (repository adaptPassage) and written first, before the composed parts.
   */
  reuse?: { heading: string[]; fileName: string; page: number; text: string }[];
}

export interface WriteSectionResult {
  doc: EditorDoc;
  text: string;
  chars: number;
  placeholders: string[];
  kind: SectionKind;
  /** what was reused from past bids: the passage's file, page and heading, and the old facts replaced */
  reused?: { fileName: string; page: number; heading: string[]; replaced: [string, string][]; dropped: number }[];
}

/** FNV-1a, for deterministic variation. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// (a blank is never put inside a blank: the brackets of what it names are dropped)
export const ph = (what: string) => `【待填写：${what.replace(/【(?:待填写：)?|】/g, '')}】`;
/** Bold, except a placeholder (it carries its own highlight). */
export const bold = (v: string) => (v.startsWith('【') ? v : `**${v}**`);
/** The ideographic space between fields of a form line. */
export const SP = '\u3000';

export interface Ctx {
  card: TenderCard;
  node: BidOutlineNode;
  kind: SectionKind;
  T: string;
  P: string;
  N: string;
  B: string;
  E: string;
  /** A section of the 暗标 part (anonymity.ts): no names, people or contacts — E is 我方, names are ANONYMOUS_MARK. */
  anonymous: boolean;
  parent: string;
  siblings: string[];
  scoring: ScoringItem[];
  crit: string[];
  facts: FactSheet;
  ent: EnterpriseFacts;
  /** The tender's domain (register of the text). */
  domain: TenderDomain;
  /** The tender's requirement items this section restates and answers. */
  reqs: RequirementItem[];
  /** The ★/▲ clauses this leaf restates (with the outline; null without it). */
  clauses: CardClause[] | null;
  /** The titles of the node and its siblings in order. */
  siblingOrder: string[];
  /** The bid's outline, when the caller gave it. */
  outline?: BidOutlineNode[];
  h: number;
  bidType: 1 | 2;
  pick<T>(list: readonly T[], salt?: number): T;
}


/**
 * The criteria words a section's prose may refer to: the key points of its rows (tender/key-points.ts), not raw criteria
 * fragments (「优23-28分」「以上得分累计最高至6分止」 are grades and conditions, not points an evaluator looks for).
 */
export function criteriaWords(items: ScoringItem[]): string[] {
  return [...new Set(items.filter((s) => s.category !== 'price').flatMap((s) => keyPoints(s)))];
}

export const F = (c: Ctx) => c.facts.facts;

/**
 * The section's opening: what it is and which scoring row it answers — one sentence, no promise (issue 24: the opening is
 * connective text, short and specific to the row).
 */
export function intro(c: Ctx): Block[] {
  const s = c.scoring[0];
  // the project named once (the section is about this tender), no bidder blank and no stock promise (issue 24)
  if (!s) return [{ t: 'p', text: `本节为${c.P}的“${c.T}”。` }];
  // the row's points are named by its first leaf; the others answer their share of them
  const first = pointShare(c.node, s.id, c.outline, c.siblingOrder).k === 0;
  const row = `评分项“${s.item}”（${s.points !== null ? `${s.points} 分，` : ''}评分表第 ${s.source.page} 页）`;
  const whose = `${c.P.includes(c.B) ? '' : c.B}${c.P}`;
  return [{ t: 'p', text: first ? `本节回答${whose}${row}。` : `本节“${c.T}”回答${whose}${row}的其余评审要点。` }];
}

export const starLine = (c: Ctx, cl: CardClause, mark: string) => `${mark}${cl.text.replace(/[。；;]+$/, '')}——我方完全响应。`;

export function relevantClauses(c: Ctx, re: RegExp): { star: CardClause[]; imp: CardClause[] } {
  // with the outline, each clause is restated in the one leaf it belongs to (points.ts), whatever the topic filter
  if (c.clauses) return { star: c.clauses.filter((x) => c.card.starClauses.includes(x)), imp: c.clauses.filter((x) => c.card.importantClauses.includes(x)) };
  return {
    star: c.card.starClauses.filter((x) => re.test(x.text)),
    imp: c.card.importantClauses.filter((x) => re.test(x.text)),
  };
}

export function clauseList(c: Ctx, re: RegExp): Block[] {
  const { star, imp } = relevantClauses(c, re);
  const items = [...star.map((x) => starLine(c, x, '★')), ...imp.map((x) => starLine(c, x, '▲'))];
  return items.length ? [{ t: 'ul', items }] : [];
}


/** A section body: [heading, blocks][]. */
export type Part = [string, Block[]];
