import type { Ctx } from './context.js';
import { FORM_NOTES } from './phrases.js';

/** The paragraphs a form may be expanded with (its filling notes), each naming the form; a plan section gets none. */
export function expansion(c: Ctx): string[][] {
  if (c.node.mode === 'ai') return [];
  return FORM_NOTES.map(([a, note], k) => [c.pick([`${c.T}的${a}：${note}。`, `关于${c.T}的${a}，${note}。`, `${c.T}（${a}）：${note}。`], k)]);
}
