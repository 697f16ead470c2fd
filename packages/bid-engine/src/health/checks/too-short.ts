import type { HealthFinding } from '@btz/shared';
import { clip, label, type FlatNode } from './bid.js';

/** A leaf under this share of its target length is too short. */
export const TOO_SHORT_RATIO = 0.5;

/** A leaf section well under its target length (`too-short`): thin under a quarter of it, polish otherwise. */
export function tooShort(f: FlatNode, text: string, chars: number): HealthFinding[] {
  if (f.leaf && f.node.targetChars && f.node.targetChars > 0 && chars < f.node.targetChars * TOO_SHORT_RATIO) {
    return [
      {
        kind: 'too-short',
        severity: chars < f.node.targetChars * 0.25 ? 'medium' : 'low',
        nodeId: f.node.id,
        excerpt: clip(text.trim(), 30),
        message: `章节${label(f.node)}仅 ${chars} 字，远低于目标 ${f.node.targetChars} 字，请扩写补充。`,
      },
    ];
  }
  return [];
}
