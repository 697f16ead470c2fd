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
