import type { BidOutlineNode, HealthFinding } from '@btz/shared';
import { KIND_SEVERITY } from '../score.js';
import { label } from './bid.js';

/**
 * A leaf section without text (`empty-heading`): a form the tender prescribes left empty (法定代表人证明书, 承诺函…) fails
 * the 符合性审查: high; any other empty section is noticed.
 */
export function emptyHeading(node: BidOutlineNode): HealthFinding {
  const id = node.id;
  return node.mode === 'form'
    ? { kind: 'empty-heading', severity: 'high', nodeId: id, message: `格式文件${label(node)}是空的，请按招标文件的格式填写完整（缺少格式文件可能导致投标无效）。` }
    : { kind: 'empty-heading', severity: KIND_SEVERITY['empty-heading'], nodeId: id, message: `章节${label(node)}没有内容，请编写正文或删除该标题。` };
}
