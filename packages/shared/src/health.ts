/**
 * Content-health score of a bid (issue 6 item 4): 0–100 with findings linking to sections, and the global fact sheet
 * (issue 6 item 2) whose contradictions become findings. Every finding with an `excerpt` quotes text that the server
 * verified exists verbatim in the section `nodeId`.
 */

export type HealthFindingKind =
  | 'unanswered-scoring'
  | 'star-unanswered'
  | 'placeholder'
  | 'repeated'
  | 'too-short'
  | 'foreign-name'
  | 'empty-heading'
  | 'fact-conflict'
  | 'card-conflict'
  | 'invalid-risk'
  | 'qualification-missing'
  /** a figure no tender or bid can mean (a 质保期 of 2023 years, a form dated long before the tender or after its deadline) */
  | 'absurd-figure'
  /** a data-bank certificate the bid uses is expired or expires before the deadline (issue 14) */
  | 'certificate-expiry'
  /** a qualification the tender requires has no document in the data bank (issue 14) */
  | 'databank-missing'
  | 'typo';

export type HealthSeverity = 'high' | 'medium' | 'low';

export interface HealthFinding {
  kind: HealthFindingKind;
  severity: HealthSeverity;
  /** The section the finding is about; null when it concerns the whole bid (e.g. a scoring item no node answers). */
  nodeId: string | null;
  /** Chinese, says what to do. */
  message: string;
  /** Text quoted verbatim from the section `nodeId`. */
  excerpt?: string;
  /** The scoring item / clause the finding is about, when any. */
  refId?: string;
  /** For a contradiction with the tender: what the tender says (verbatim from the tender) and its page. */
  sourceExcerpt?: string;
  sourcePage?: number;
  /** A bid file checked as read (废标检查): the page of the file the finding is on. */
  page?: number;
}

/** Kinds of the global fact sheet. */
export type FactKind = 'duration' | 'delivery' | 'warranty' | 'response' | 'staffing' | 'service-hours';

export const FACT_KIND_LABELS: Record<FactKind, string> = {
  duration: '工期',
  delivery: '交货期',
  warranty: '质保期',
  response: '响应时间',
  staffing: '项目组人数',
  'service-hours': '服务时间',
};

/** One place a fact is stated. `value` is normalised: days, months, minutes, persons, or the service-hours wording. */
export interface FactOccurrence {
  nodeId: string;
  excerpt: string;
  value: string;
}

export interface FactEntry {
  kind: FactKind;
  label: string;
  /** Distinct normalised values (more than one = a contradiction). */
  values: string[];
  occurrences: FactOccurrence[];
}

/**
 * The passing line of the health score (issue 13 item 3): a bid with an unanswered non-price scoring row, a ★ clause
 * without a response, a contradiction with the tender, a missing qualification, an invalid-bid risk, a scoring table the
 * reader could not fully find, or hundreds of 【待填写】 blanks stays below it (see `HEALTH_CAPS`).
 */
export const HEALTH_PASSING_SCORE = 60;

/**
 * The score's caps: one blocker caps the score at `firstBlocker` (just below passing), each further blocker lowers the cap
 * by `perBlocker`, never below `floor`; placeholders cap it at `firstBlocker` from `placeholderDensity` blanks per 10,000
 * characters or `placeholderCount` blanks in all.
 */
export const HEALTH_CAPS = {
  firstBlocker: HEALTH_PASSING_SCORE - 1,
  perBlocker: 5,
  floor: 20,
  placeholderDensity: 10,
  placeholderCount: 100,
} as const;

/**
 * How a scoring row is answered by the bid's text (one definition, in the engine, for the health check and the coverage
 * view): 'answered' — its sections hold enough text that names its key points; 'partial' — text, but some key points
 * missing; 'unanswered' — text that does not respond (too short or none of the key points); 'unwritten' — its sections
 * hold no text yet; 'unmapped' — no section answers it; 'price' — a price row, scored from the quote (not by text).
 */
export type ScoringRowState = 'answered' | 'partial' | 'unanswered' | 'unwritten' | 'unmapped' | 'price';

export interface ScoringRowCoverage {
  scoringId: string;
  item: string;
  points: number | null;
  category: 'technical' | 'commercial' | 'price' | null;
  /** The sections mapped to the row (their `scoringIds`). */
  nodeIds: string[];
  state: ScoringRowState;
  /** Characters (whitespace excluded) of the text under the row's sections. */
  chars: number;
  /** The key points an evaluator looks for (sub-points the criteria list, else its key phrases). */
  terms: string[];
  /** The key points not found in the text. */
  missing: string[];
}

export interface ScoringCoverage {
  rows: ScoringRowCoverage[];
  /** Non-price rows, and how many of them are answered. */
  total: number;
  answered: number;
  /** Points of the non-price rows (null when the table gives none) and of those answered. */
  pointsTotal: number | null;
  pointsAnswered: number | null;
  /** Points of the price rows (scored from the quote). */
  pricePoints: number | null;
  /**
   * Scoring rows the reader could not find: the table did not add up to its printed total, came to less than 100 points,
   * or no table was found. `points`: how many points are missing (null when unknown). Never counted as answered.
   */
  unknown: { points: number | null; reason: string } | null;
  /** 0–100, whole number, by rows (an unknown part counts as one unanswered row); 100 only when every row is answered. */
  percent: number;
}

export interface HealthReport {
  score: number;
  findings: HealthFinding[];
  facts: FactEntry[];
  /** Why the score is capped below passing (Chinese, one line per reason); absent when it is not capped. */
  capped?: { max: number; reasons: string[] };
  /** 【待填写】 blanks in the whole bid and per 10,000 characters. */
  placeholders?: { count: number; per10k: number };
  /** The scoring rows as the bid's text answers them. */
  coverage?: ScoringCoverage;
}

/**
 * A number in the bid that contradicts the tender card (issue 13 item 1): the bid's excerpt (verbatim from section
 * `nodeId`) and the tender's (verbatim from the tender, with its page).
 */
export interface CardConflict {
  kind: FactKind | 'ceiling';
  /** Chinese label: 工期, 服务期, 质保期, 响应时间, 人数, 最高限价… */
  label: string;
  nodeId: string;
  excerpt: string;
  /** Normalised value found in the bid (days, months, minutes, persons, yuan). */
  value: string;
  /** What the tender prescribes, normalised the same way. */
  cardValue: string;
  cardExcerpt: string;
  cardPage?: number;
}
