/**
 * Pure logic of the writing workspace (issue 6): live text buffers merged from `bid.delta` messages, which steps of the
 * stepper are open for a bid's status, progress wording, section states of the outline, health grouping and volumes.
 */
import { HEALTH_PASSING_SCORE } from '@btz/shared';
import type {
  BidHealth,
  BidOutlineNode,
  BidStatus,
  HealthFindingKind,
  HealthSeverity,
  PageSettings,
  SectionState,
  WriteProgress,
} from '@btz/shared';

/* ---- live buffers ------------------------------------------------------------------------------------------------ */

export interface LiveBuffer {
  /** the last seq appended */
  seq: number;
  text: string;
  /** deltas that arrived ahead of a missing one, by seq */
  pending: Record<number, string>;
}
export type LiveBuffers = Readonly<Record<string, LiveBuffer>>;

export interface DeltaMessage {
  nodeId: string;
  seq: number;
  text: string;
}

/** Deltas held back waiting for a missing seq before the gap is given up on (the text then goes on from what we have). */
export const MAX_PENDING = 32;

/**
 * Appends one `bid.delta` to its node's buffer, in seq order: seq 0 restarts the buffer; a duplicate or older seq is
 * ignored; a delta ahead of a missing one waits until the gap is filled. A buffer joined mid-stream (first delta seen has
 * seq > 0) starts from that delta. Returns the same object when nothing changed.
 */
export function applyDelta(buffers: LiveBuffers, delta: DeltaMessage): LiveBuffers {
  const { nodeId, text } = delta;
  const seq = Math.floor(Number(delta.seq));
  if (!nodeId || !Number.isFinite(seq) || seq < 0 || typeof text !== 'string') return buffers;
  const cur = buffers[nodeId];
  if (seq === 0) {
    if (cur && cur.seq === 0 && cur.text === text && !Object.keys(cur.pending).length) return buffers;
    return { ...buffers, [nodeId]: { seq: 0, text, pending: {} } };
  }
  if (!cur) return { ...buffers, [nodeId]: { seq, text, pending: {} } };
  if (seq <= cur.seq || cur.pending[seq] !== undefined) return buffers;
  let next: LiveBuffer;
  if (seq === cur.seq + 1) {
    next = { seq, text: cur.text + text, pending: { ...cur.pending } };
  } else {
    next = { ...cur, pending: { ...cur.pending, [seq]: text } };
    if (Object.keys(next.pending).length <= MAX_PENDING) return { ...buffers, [nodeId]: next };
    // the gap is not coming: go on from the lowest seq we hold
    const lowest = Math.min(...Object.keys(next.pending).map(Number));
    next = { seq: lowest, text: next.text + next.pending[lowest]!, pending: omit(next.pending, lowest) };
  }
  // drain what is now contiguous
  while (next.pending[next.seq + 1] !== undefined) {
    const s = next.seq + 1;
    next = { seq: s, text: next.text + next.pending[s]!, pending: omit(next.pending, s) };
  }
  return { ...buffers, [nodeId]: next };
}

function omit(rec: Record<number, string>, key: number): Record<number, string> {
  const out = { ...rec };
  delete out[key];
  return out;
}

export function dropBuffer(buffers: LiveBuffers, nodeId: string): LiveBuffers {
  if (!(nodeId in buffers)) return buffers;
  const out = { ...buffers };
  delete out[nodeId];
  return out;
}

/* ---- steps ------------------------------------------------------------------------------------------------------- */

export type WorkStep = 'write' | 'check' | 'export';

export interface StepView {
  enabled: boolean;
  /** the line under the step's title */
  content: string;
}

/**
 * Which of 生成全文 / 检查 / 导出 are open: outlined → 生成全文; writing → its progress; written / finished → 检查 and 导出
 * too. `progress` (when known) fills 生成全文's line.
 */
export function stepViews(status: BidStatus, progress?: Pick<WriteProgress, 'done' | 'total'> | null): Record<WorkStep, StepView> {
  const written = status === 'written' || status === 'finished';
  const count = progress && progress.total ? `${progress.done}/${progress.total} 节` : '';
  const write: StepView =
    status === 'outlined'
      ? { enabled: true, content: progress && progress.done ? `已写 ${count}` : '待生成' }
      : status === 'writing'
        ? { enabled: true, content: count ? `编写中 ${count}` : '编写中' }
        : written
          ? { enabled: true, content: '已完成' }
          : { enabled: false, content: '请先生成目录' };
  return {
    write,
    check: written ? { enabled: true, content: '内容检查' } : { enabled: false, content: '全文写好后检查' },
    export: written ? { enabled: true, content: status === 'finished' ? '可导出' : 'Word / PDF' } : { enabled: false, content: '全文写好后导出' },
  };
}

/** Index of the stepper (上传 0, 解析 1, 目录 2, 生成全文 3, 检查 4, 导出 5) for a parsed bid of this status. */
export function currentStep(status: BidStatus): number {
  if (status === 'outlined' || status === 'writing') return 3;
  if (status === 'written') return 4;
  if (status === 'finished') return 5;
  return 2;
}

/* ---- progress ---------------------------------------------------------------------------------------------------- */

/** 「已完成 12/40 节」 */
export function progressText(p: Pick<WriteProgress, 'done' | 'total'>): string {
  return `已完成 ${p.done}/${p.total} 节`;
}

/**
 * Progress counted from the sections' states, for the moments before write/progress answers: a queued or running section
 * is not done (counting every section that needs no writing as done read 「已完成 34/34 节」 a third of the way through).
 */
export function progressFromStates(states: Iterable<SectionState>): Pick<WriteProgress, 'total' | 'done' | 'running' | 'queued' | 'failed' | 'cancelled'> {
  const p = { total: 0, done: 0, running: 0, queued: 0, failed: 0, cancelled: 0 };
  for (const s of states) {
    p.total++;
    if (s === 'written' || s === 'edited') p.done++;
    else if (s === 'writing') p.running++;
    else if (s === 'queued') p.queued++;
    else if (s === 'failed') p.failed++;
    else if (s === 'cancelled') p.cancelled++;
  }
  return p;
}

/** 「正在编写 4 节 · 排队 20 节 · 失败 1 节」 (only the non-zero parts) */
export function progressDetail(p: Partial<Pick<WriteProgress, 'running' | 'queued' | 'failed' | 'cancelled'>>): string {
  const parts: string[] = [];
  if (p.running) parts.push(`正在编写 ${p.running} 节`);
  if (p.queued) parts.push(`排队 ${p.queued} 节`);
  if (p.failed) parts.push(`失败 ${p.failed} 节`);
  if (p.cancelled) parts.push(`已取消 ${p.cancelled} 节`);
  return parts.join(' · ');
}

export function progressPercent(p: Pick<WriteProgress, 'done' | 'total'>): number {
  if (!p.total) return 0;
  return Math.max(0, Math.min(100, Math.floor((p.done / p.total) * 100)));
}

/** Merges a `bid.progress` message into what we hold; a message without `sections` keeps the known ones. */
export function mergeProgress(old: WriteProgress | null | undefined, msg: Partial<WriteProgress>): WriteProgress {
  const base: WriteProgress = old ?? { total: 0, done: 0, running: 0, failed: 0, cancelled: 0, queued: 0, status: 'writing', sections: [] };
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    total: num(msg.total, base.total),
    done: num(msg.done, base.done),
    running: num(msg.running, base.running),
    failed: num(msg.failed, base.failed),
    cancelled: num(msg.cancelled, base.cancelled),
    queued: num(msg.queued, base.queued),
    status: msg.status ?? base.status,
    sections: Array.isArray(msg.sections) ? msg.sections : base.sections,
  };
}

/** One section's new state (a `bid.section` message) written into the progress we hold. */
export function withSectionState(p: WriteProgress, nodeId: string, state: SectionState): WriteProgress {
  const i = p.sections.findIndex((s) => s.nodeId === nodeId);
  if (i >= 0 && p.sections[i]!.state === state) return p;
  const sections = i >= 0 ? p.sections.map((s, k) => (k === i ? { ...s, state } : s)) : [...p.sections, { nodeId, state, chars: 0 }];
  return { ...p, sections };
}

/* ---- section states ---------------------------------------------------------------------------------------------- */

/** The outline's own status (0 empty, 1 writing, 2 written, 3 edited) as a section state. */
export function stateFromNodeStatus(status: number | undefined): SectionState {
  return status === 1 ? 'writing' : status === 2 ? 'written' : status === 3 ? 'edited' : 'empty';
}

/** Each leaf's state: the progress's word when it has one, else the outline's status. */
export function sectionStates(nodes: readonly BidOutlineNode[], progress: Pick<WriteProgress, 'sections'> | null | undefined): Map<string, SectionState> {
  const known = new Map((progress?.sections ?? []).map((s) => [String(s.nodeId), s.state]));
  const out = new Map<string, SectionState>();
  const walk = (list: readonly BidOutlineNode[]) => {
    for (const n of list) {
      if (n.children.length) walk(n.children);
      else out.set(n.id, known.get(n.id) ?? stateFromNodeStatus(n.status));
    }
  };
  walk(nodes);
  return out;
}

export const SECTION_STATE_LABEL: Record<SectionState, string> = {
  empty: '未编写',
  queued: '排队中',
  writing: '编写中',
  written: '已编写',
  edited: '已手动修改',
  failed: '编写失败',
  cancelled: '已取消',
};

export const isDone = (s: SectionState | undefined) => s === 'written' || s === 'edited';
/** States one-click writing (again) would write. */
export const needsWriting = (s: SectionState | undefined) => s === 'empty' || s === 'failed' || s === 'cancelled' || s === undefined;

/** 「一键生成全文」 is offered: outlined, or written with sections still empty / failed. */
export function canStartWriting(status: BidStatus, states: Iterable<SectionState>): boolean {
  if (status === 'outlined') return true;
  if (status !== 'written') return false;
  for (const s of states) if (needsWriting(s)) return true;
  return false;
}

/** done / total of the leaves under a chapter. */
export function chapterCount(node: BidOutlineNode, states: Map<string, SectionState>): { done: number; total: number } {
  let done = 0;
  let total = 0;
  const walk = (n: BidOutlineNode) => {
    if (!n.children.length) {
      total += 1;
      if (isDone(states.get(n.id))) done += 1;
    } else n.children.forEach(walk);
  };
  walk(node);
  return { done, total };
}

/* ---- health ------------------------------------------------------------------------------------------------------ */

export const HEALTH_KIND_LABEL: Record<HealthFindingKind, string> = {
  'unanswered-scoring': '评分项未响应',
  'star-unanswered': '★条款未响应',
  placeholder: '待填写内容',
  repeated: '内容重复',
  'too-short': '篇幅不足',
  'foreign-name': '其他项目或公司名称',
  'empty-heading': '空章节',
  'fact-conflict': '前后矛盾',
  'absurd-figure': '数值不合常理',
  'card-conflict': '与招标文件矛盾',
  'invalid-risk': '废标风险',
  'qualification-missing': '资格要求未响应',
  'certificate-expiry': '证书过期',
  'databank-missing': '资料库缺少',
  typo: '错别字',
};

const KIND_ORDER: HealthFindingKind[] = [
  'invalid-risk',
  'star-unanswered',
  'qualification-missing',
  'certificate-expiry',
  'databank-missing',
  'unanswered-scoring',
  'card-conflict',
  'absurd-figure',
  'fact-conflict',
  'foreign-name',
  'placeholder',
  'empty-heading',
  'too-short',
  'repeated',
  'typo',
];
const SEVERITY_RANK: Record<HealthSeverity, number> = { high: 0, medium: 1, low: 2 };

export const SEVERITY_LABEL: Record<HealthSeverity, string> = { high: '严重', medium: '一般', low: '提示' };
/** What a severity means (shown on hover). */
export const SEVERITY_MEANING: Record<HealthSeverity, string> = {
  high: '会丢分或导致废标',
  medium: '评审专家会注意到',
  low: '润色提示',
};
export const SEVERITY_COLOR: Record<HealthSeverity, string> = { high: 'red', medium: 'orange', low: 'default' };

export type Finding = BidHealth['findings'][number];
export interface FindingGroup {
  kind: HealthFindingKind;
  label: string;
  /** the worst severity in the group */
  severity: HealthSeverity;
  findings: Finding[];
}

/** Findings grouped by kind; groups by worst severity then a fixed kind order, findings by severity. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  const by = new Map<HealthFindingKind, Finding[]>();
  for (const f of findings) by.set(f.kind, [...(by.get(f.kind) ?? []), f]);
  const groups: FindingGroup[] = [...by].map(([kind, list]) => {
    const sorted = [...list].sort((a, b) => (SEVERITY_RANK[a.severity] ?? 3) - (SEVERITY_RANK[b.severity] ?? 3));
    return { kind, label: HEALTH_KIND_LABEL[kind] ?? kind, severity: sorted[0]!.severity, findings: sorted };
  });
  const order = (k: HealthFindingKind) => {
    const i = KIND_ORDER.indexOf(k);
    return i < 0 ? KIND_ORDER.length : i;
  };
  return groups.sort((a, b) => (SEVERITY_RANK[a.severity] ?? 3) - (SEVERITY_RANK[b.severity] ?? 3) || order(a.kind) - order(b.kind));
}

/** The score's colour: green from 85, orange from the passing line (60), red below. */
export function scoreColor(score: number): string {
  return score >= 85 ? '#52c41a' : score >= HEALTH_PASSING_SCORE ? '#fa8c16' : '#f5222d';
}

export function scoreVerdict(score: number): string {
  return score >= 85
    ? '内容较完整，可导出前再通读一遍'
    : score >= HEALTH_PASSING_SCORE
      ? '存在需要处理的问题，建议逐条修改后再导出'
      : '未达及格线：请先处理严重问题';
}

/* ---- page settings and volumes ----------------------------------------------------------------------------------- */

export const VOLUME_TITLES = ['商务标', '技术标'] as const;
export const FONT_OPTIONS = ['楷体', '宋体', '仿宋', '黑体', '微软雅黑'] as const;
/** 字号: Chinese size names and their points */
export const FONT_SIZES: { label: string; value: number }[] = [
  { label: '三号（16pt）', value: 16 },
  { label: '小三（15pt）', value: 15 },
  { label: '四号（14pt）', value: 14 },
  { label: '小四（12pt）', value: 12 },
  { label: '五号（10.5pt）', value: 10.5 },
  { label: '小五（9pt）', value: 9 },
];

/** Which volume each level-1 chapter is in ('' none). */
export function volumeOf(settings: Pick<PageSettings, 'volumes'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of settings.volumes) for (const id of v.nodeIds) out.set(id, v.title);
  return out;
}

/**
 * Volumes from a per-chapter choice, in the outline's order of first appearance ('' or unknown titles are dropped; an
 * empty list means one volume). Chapters not assigned while others are stay out of every volume.
 */
export function volumesFrom(chapters: readonly Pick<BidOutlineNode, 'id'>[], choice: ReadonlyMap<string, string>): PageSettings['volumes'] {
  const order: string[] = [];
  const ids = new Map<string, string[]>();
  for (const c of chapters) {
    const title = choice.get(c.id);
    if (!title) continue;
    if (!ids.has(title)) {
      order.push(title);
      ids.set(title, []);
    }
    ids.get(title)!.push(c.id);
  }
  return order.map((title) => ({ title, nodeIds: ids.get(title)! }));
}
