import type { HealthFinding } from '@btz/shared';
import type { LocatedFact } from '../facts.js';
import { label, type FlatNode } from './bid.js';

/**
 * A commitment stated two ways (`fact-conflict`): scored by the worse or questioned (medium for response times). Per kind
 * and qualifier, the first stated value is the reference.
 */
export function factConflict(flat: readonly FlatNode[], facts: readonly LocatedFact[]): HealthFinding[] {
  const findings: HealthFinding[] = [];
  const firstByKey = new Map<string, LocatedFact>();
  const reportedConflict = new Set<string>();
  for (const fact of facts) {
    // 7×24 hotline and 5×8 on-site hours are commonly both promised: listed in the sheet, never a contradiction
    if (fact.kind === 'service-hours') continue;
    const key = `${fact.kind}|${fact.qualifier}`;
    const first = firstByKey.get(key);
    if (!first) {
      firstByKey.set(key, fact);
      continue;
    }
    if (first.value === fact.value) continue;
    const dedupe = `${key}|${fact.nodeId}|${fact.value}`;
    if (reportedConflict.has(dedupe)) continue;
    reportedConflict.add(dedupe);
    const firstNode = flat.find((f) => f.node.id === first.nodeId)!.node;
    findings.push({
      kind: 'fact-conflict',
      severity: fact.kind === 'response' ? 'medium' : 'high',
      nodeId: fact.nodeId,
      excerpt: fact.excerpt,
      message: `前后矛盾：此处「${fact.excerpt}」，而${label(firstNode)}写的是「${first.excerpt}」，请统一为同一数值。`,
    });
  }
  return findings;
}
