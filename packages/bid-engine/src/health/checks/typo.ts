import type { BidOutlineNode, HealthFinding } from '@btz/shared';
import { findTypos } from '../typos.js';

/** Common misspellings in a section (`typo`, the rules of typos.ts): polish. */
export function typo(node: BidOutlineNode, text: string): HealthFinding[] {
  return findTypos(text).map((hit) => ({ kind: 'typo', severity: 'low', nodeId: node.id, excerpt: hit.rule.wrong, message: `错别字：「${hit.rule.wrong}」应为「${hit.rule.right}」，请修改。` }));
}
