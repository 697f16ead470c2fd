/**
 * The coverage view (issue 5, by points since issue 13): every scoring row of the card → the outline node(s) mapped to it
 * (from the outline being edited, so it follows hand edits before they are saved) and whether the bid's TEXT answers it —
 * that judgement is the server's (the health result's `coverage`, computed by the engine's one definition), never made
 * here. A row counts as covered only when answered; 100 % only when every non-price row is; rows the reader could not
 * find (`unknownScoring`, shared) are shown as 「未识别」 and never counted as covered.
 */
import {
  unknownScoring,
  type BidOutlineNode,
  type CoverageEntry,
  type ScoringCategory,
  type ScoringCoverage,
  type ScoringItem,
  type ScoringRowState,
  type TenderCard,
} from '@btz/shared';
import { walk } from './outline';

export interface CoverageNodeRef {
  id: string;
  number: string;
  title: string;
}

/** A row's state: the server's, or 'unchecked' — mapped, but not checked since its sections changed. */
export type CoverageState = ScoringRowState | 'unchecked';

export interface CoverageRow {
  scoringId: string;
  item: string;
  points: number | null;
  category: ScoringCategory | null;
  criteria: string;
  nodes: CoverageNodeRef[];
  state: CoverageState;
  /** the row's key points the text does not name (partial / unanswered) */
  missing: string[];
  /** answered by text */
  covered: boolean;
}

export interface CoverageView {
  rows: CoverageRow[];
  /** non-price rows */
  total: number;
  /** non-price rows answered by text */
  covered: number;
  /** non-price rows with a section */
  mapped: number;
  /** 0–100, whole number, answered rows (an unknown part counts as one more row); 100 only when all are answered */
  percent: number;
  /** points of the answered rows / of all non-price rows (null when the table gives none) */
  pointsCovered: number | null;
  pointsTotal: number | null;
  /** points of the price rows (scored from the quote) */
  pricePoints: number | null;
  /** rows the reader could not find */
  unknown: ScoringCoverage['unknown'];
  /** the text was checked (a health result is at hand) */
  checked: boolean;
  /** when it was checked */
  time: string | null;
}

export const COVERAGE_STATE_LABEL: Record<CoverageState, string> = {
  answered: '已响应',
  partial: '响应不完整',
  unanswered: '未响应',
  unwritten: '待编写',
  unmapped: '未分配章节',
  price: '价格分',
  unchecked: '待检查',
};
export const COVERAGE_STATE_COLOR: Record<CoverageState, string> = {
  answered: 'success',
  partial: 'warning',
  unanswered: 'error',
  unwritten: 'default',
  unmapped: 'error',
  price: 'blue',
  unchecked: 'default',
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function coverageView(
  card: Pick<TenderCard, 'scoring' | 'scoringCheck' | 'lots'> | null | undefined,
  outline: readonly BidOutlineNode[],
  serverCoverage: readonly CoverageEntry[] = [],
  health?: { coverage?: ScoringCoverage; time?: string } | null,
): CoverageView {
  const byScoring = new Map<string, CoverageNodeRef[]>();
  walk(outline, (n) => {
    for (const sid of n.scoringIds ?? []) {
      const list = byScoring.get(sid) ?? [];
      list.push({ id: n.id, number: n.number, title: n.title });
      byScoring.set(sid, list);
    }
  });
  const checked = health?.coverage ?? null;
  const judged = new Map((checked?.rows ?? []).map((r) => [r.scoringId, r]));
  // the card's scoring table when there is one; else the server's coverage entries (item names only)
  const items: Array<Pick<ScoringItem, 'id' | 'item'> & Partial<ScoringItem>> = card?.scoring?.length
    ? [...card.scoring]
    : serverCoverage.map((c) => ({ id: c.scoringId, item: c.item }));
  const rows: CoverageRow[] = items.map((s) => {
    const nodes = byScoring.get(s.id) ?? [];
    const j = judged.get(s.id);
    const state: CoverageState =
      s.category === 'price'
        ? 'price'
        : !nodes.length
          ? 'unmapped'
          : j && sameSet(j.nodeIds, nodes.map((n) => n.id))
            ? j.state
            : 'unchecked';
    return {
      scoringId: s.id,
      item: s.item,
      points: typeof s.points === 'number' ? s.points : null,
      category: s.category ?? null,
      criteria: s.criteria ?? '',
      nodes,
      state,
      missing: state === 'partial' || state === 'unanswered' ? (j?.missing ?? []) : [],
      covered: state === 'answered',
    };
  });
  const scored = rows.filter((r) => r.state !== 'price');
  const covered = scored.filter((r) => r.covered);
  const withPoints = scored.filter((r) => r.points !== null);
  const price = rows.filter((r) => r.state === 'price' && r.points !== null);
  const unknown = checked ? checked.unknown : card ? unknownScoring(card) : null;
  const denominator = scored.length + (unknown ? 1 : 0);
  return {
    rows,
    total: scored.length,
    covered: covered.length,
    mapped: scored.filter((r) => r.nodes.length > 0).length,
    percent: denominator ? Math.floor((covered.length / denominator) * 100) : 100,
    pointsCovered: withPoints.length ? covered.reduce((a, r) => a + (r.points ?? 0), 0) : null,
    pointsTotal: withPoints.length ? withPoints.reduce((a, r) => a + (r.points ?? 0), 0) : null,
    pricePoints: price.length ? price.reduce((a, r) => a + (r.points ?? 0), 0) : null,
    unknown,
    checked: !!checked,
    time: health?.time ?? null,
  };
}

/** The tab's badge: rows without a section before the text is checked; the answered share after. Null: nothing to show. */
export function coverageBadge(view: CoverageView): { text: string; color: string } | null {
  if (!view.total && !view.unknown) return null;
  if (!view.checked) {
    const gaps = view.total - view.mapped;
    return gaps ? { text: String(gaps), color: 'red' } : view.unknown ? { text: '未识别', color: 'orange' } : null;
  }
  return { text: `${view.percent}%`, color: view.percent === 100 ? 'green' : 'red' };
}

/** The scoring items a node answers, with their card rows (for the centre pane). */
export function scoringOf(node: Pick<BidOutlineNode, 'scoringIds'>, scoring: readonly ScoringItem[] | null | undefined): ScoringItem[] {
  const by = new Map((scoring ?? []).map((s) => [s.id, s]));
  return (node.scoringIds ?? []).map((id) => by.get(id)).filter((s): s is ScoringItem => Boolean(s));
}
