import type { BidOutlineNode, HealthFinding } from '@btz/shared';
import { PLACEHOLDER_RE } from '@btz/shared/editor';
import { label } from './bid.js';

/**
 * The blanks left to fill in a section (`placeholder`): one finding per distinct placeholder of a section (the same blank
 * repeated is one thing to fill in), high in a form (a blank form is incomplete); and how many blanks there are in all
 * (the score deducts by their density, score.ts).
 */
export function placeholders(node: BidOutlineNode, text: string): { findings: HealthFinding[]; count: number } {
  const findings: HealthFinding[] = [];
  let count = 0;
  const blanks = new Map<string, number>();
  for (const m of text.matchAll(PLACEHOLDER_RE)) blanks.set(m[0], (blanks.get(m[0]) ?? 0) + 1);
  for (const [blank, n] of blanks) {
    const times = n > 1 ? `（共 ${n} 处）` : '';
    count += n;
    findings.push({ kind: 'placeholder', severity: node.mode === 'form' ? 'high' : 'medium', nodeId: node.id, excerpt: blank, message: `${label(node)}中有待填写内容${blank}${times}，请填入真实信息后再提交。` });
  }
  return { findings, count };
}
