import type { BidOutlineNode, HealthFinding } from '@btz/shared';
import { absurdFigures } from '../card-conflicts.js';
import { label } from './bid.js';

/** Figures and dates of a section that cannot be right (`absurd-figure`, found by card-conflicts.ts absurdFigures). */
export function absurdFigure(node: BidOutlineNode, text: string, deadline: string | null | undefined): HealthFinding[] {
  return absurdFigures(text, deadline).map((a) => ({ kind: 'absurd-figure', severity: 'high', nodeId: node.id, excerpt: a.excerpt, message: `${label(node)}中${a.message}。` }));
}
