import type { ReportCheckState, ScoringCategory } from '@btz/shared';
import type { RequirementKind } from './qualify.js';

/**
 * The analysis report as plain data: what the Word and the Excel renderers both print, in the same order and words.
 * Every row keeps the page it came from (null when the card gives none) so the reader can check it in the tender.
 */
export interface ReportFactRow {
  /** the card's key ('projectName', 'deadline' …) or the term's */
  key: string;
  label: string;
  /** as printed: the tender's words, money also as ¥ */
  value: string;
  /** yuan, for the money cells of the workbook */
  amount: number | null;
  page: number | null;
  file: string | null;
  /** not verified, changed by an amendment, stated otherwise elsewhere … */
  note: string;
}

export interface ReportCheckRow {
  no: number;
  requirement: string;
  kind: RequirementKind;
  state: ReportCheckState;
  stateLabel: string;
  basis: string;
  page: number | null;
}

export interface ReportScoringRow {
  no: number;
  category: ScoringCategory;
  categoryLabel: string;
  item: string;
  points: number | null;
  criteria: string;
  page: number | null;
}

export interface ReportScoringGroup {
  category: ScoringCategory;
  label: string;
  count: number;
  /** sum of the rows that state points */
  points: number;
}

export interface ReportClauseRow {
  no: number;
  text: string;
  page: number | null;
  file: string | null;
}

export interface ReportPartRow {
  no: number;
  title: string;
  note: string;
  page: number | null;
}

export interface AnalysisReport {
  /** 「{项目名称}招标分析报告」 */
  title: string;
  projectName: string;
  /** `YYYY-MM-DD HH:mm`, Asia/Shanghai */
  generatedAt: string;
  /** the enterprise the checklist was held against, null when the user entered no name */
  enterpriseName: string | null;
  /** project facts: name, number, purchaser, agency, budget, ceiling, bond (only those the card has, in this order) */
  overview: ReportFactRow[];
  /** deadline, opening time and place */
  dates: ReportFactRow[];
  /** further facts the LLM path found (交付期、付款方式 …); empty for the offline card */
  terms: ReportFactRow[];
  lots: { id: string; name: string }[];
  /** the lot this report answers, as its name; null when none was picked or the tender has one */
  lot: string | null;
  checklist: ReportCheckRow[];
  checkCounts: Record<ReportCheckState, number>;
  scoring: {
    rows: ReportScoringRow[];
    groups: ReportScoringGroup[];
    /** sum of every row's points; null when no row states points */
    total: number | null;
    /** the printed total when the card carries one */
    printedTotal: number | null;
    /** the table does not add up, rows without points … (Chinese, shown as they are) */
    warnings: string[];
  };
  stars: ReportClauseRow[];
  important: ReportClauseRow[];
  invalid: ReportClauseRow[];
  composition: ReportPartRow[];
  /** how the card was made (离线模式 …): printed under the title */
  notes: string[];
  /** what the reader was unsure of and a person should check (cardReview), in Chinese; empty when nothing */
  review: string[];
  /** the go/no-go page the report opens with (decision.ts) */
  decision: BidDecision;
}

// The go/no-go page the report opens with (built by decision.ts, its labels there).

/** Should this bidder bid. */
export type Verdict = 'go' | 'caution' | 'no-go';

/** How a scoring row's points stand for this bidder. */
export type PointState = 'earnable' | 'lost' | 'unknown' | 'writing' | 'price';

export interface DecisionPointRow {
  item: string;
  points: number | null;
  state: PointState;
  basis: string;
  page: number | null;
}

export interface DecisionConstraint {
  label: string;
  text: string;
  page: number | null;
  /** a constraint the bidder must plan for (a cap, a short deadline, on-site work, penalties) */
  attention: boolean;
}

export interface BidDecision {
  verdict: Verdict;
  verdictLabel: string;
  /** why, most serious first, in Chinese */
  reasons: string[];
  qualification: { held: number; missing: number; expiring: number; manual: number; lacking: string[]; lapsing: string[] };
  points: { rows: DecisionPointRow[]; earnable: number; lost: number; unknown: number; writing: number; price: number };
  constraints: DecisionConstraint[];
  risks: string[];
}
