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

export interface HealthReport {
  score: number;
  findings: HealthFinding[];
  facts: FactEntry[];
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
