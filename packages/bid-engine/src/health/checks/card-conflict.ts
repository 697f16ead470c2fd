import type { CardConflict, HealthFinding } from '@btz/shared';
import { clip } from './bid.js';

/** Numbers of the bid that contradict the tender card (`card-conflict`, found by card-conflicts.ts): both excerpts. */
export function cardConflict(conflicts: readonly CardConflict[]): HealthFinding[] {
  const findings: HealthFinding[] = [];
  for (const k of conflicts) {
    findings.push({
      kind: 'card-conflict',
      severity: 'high',
      nodeId: k.nodeId,
      excerpt: k.excerpt,
      sourceExcerpt: k.cardExcerpt,
      ...(k.cardPage !== undefined ? { sourcePage: k.cardPage } : {}),
      message: `与招标文件矛盾（${k.label}）：此处「${k.excerpt}」，招标文件规定「${clip(k.cardExcerpt, 60)}」${k.cardPage !== undefined ? `（第 ${k.cardPage} 页）` : ''}，请按招标文件修改。`,
    });
  }
  return findings;
}
