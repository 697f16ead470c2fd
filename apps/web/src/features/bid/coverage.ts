/**
 * The coverage view (issue 5): every scoring item of the card → the outline node(s) that answer it, gaps first noticed
 * in red, and a percentage. Computed from the outline being edited (the same rule as the server's `computeCoverage`: a
 * node answers the items named in its `scoringIds`), so it follows hand edits before they are saved.
 */
import type { BidOutlineNode, CoverageEntry, ScoringCategory, ScoringItem } from '@btz/shared';
import { walk } from './outline';

export interface CoverageNodeRef {
  id: string;
  number: string;
  title: string;
}

export interface CoverageRow {
  scoringId: string;
  item: string;
  points: number | null;
  category: ScoringCategory | null;
  criteria: string;
  nodes: CoverageNodeRef[];
  covered: boolean;
}

export interface CoverageView {
  rows: CoverageRow[];
  total: number;
  covered: number;
  /** 0–100, whole number; 100 when there is nothing to cover */
  percent: number;
  /** points of the covered items / points of all items (null when the table gives no points) */
  pointsCovered: number | null;
  pointsTotal: number | null;
}

export function coverageView(
  scoring: readonly ScoringItem[] | null | undefined,
  outline: readonly BidOutlineNode[],
  serverCoverage: readonly CoverageEntry[] = [],
): CoverageView {
  const byScoring = new Map<string, CoverageNodeRef[]>();
  walk(outline, (n) => {
    for (const sid of n.scoringIds ?? []) {
      const list = byScoring.get(sid) ?? [];
      list.push({ id: n.id, number: n.number, title: n.title });
      byScoring.set(sid, list);
    }
  });
  // the card's scoring table when there is one; else the server's coverage entries (item names only)
  const items: Array<Pick<ScoringItem, 'id' | 'item'> & Partial<ScoringItem>> = scoring?.length
    ? [...scoring]
    : serverCoverage.map((c) => ({ id: c.scoringId, item: c.item }));
  const rows: CoverageRow[] = items.map((s) => {
    const nodes = byScoring.get(s.id) ?? [];
    return {
      scoringId: s.id,
      item: s.item,
      points: typeof s.points === 'number' ? s.points : null,
      category: s.category ?? null,
      criteria: s.criteria ?? '',
      nodes,
      covered: nodes.length > 0,
    };
  });
  const covered = rows.filter((r) => r.covered).length;
  const withPoints = rows.filter((r) => r.points !== null);
  const pointsTotal = withPoints.length ? withPoints.reduce((a, r) => a + (r.points ?? 0), 0) : null;
  const pointsCovered = withPoints.length ? withPoints.filter((r) => r.covered).reduce((a, r) => a + (r.points ?? 0), 0) : null;
  return {
    rows,
    total: rows.length,
    covered,
    percent: rows.length ? Math.floor((covered / rows.length) * 100) : 100,
    pointsCovered,
    pointsTotal,
  };
}

/** The scoring items a node answers, with their card rows (for the centre pane). */
export function scoringOf(node: Pick<BidOutlineNode, 'scoringIds'>, scoring: readonly ScoringItem[] | null | undefined): ScoringItem[] {
  const by = new Map((scoring ?? []).map((s) => [s.id, s]));
  return (node.scoringIds ?? []).map((id) => by.get(id)).filter((s): s is ScoringItem => Boolean(s));
}
