/**
 * validateDoc: the server's gate for a section document sent by the editor. The input is measured first (iteratively,
 * so a hostile depth cannot blow the stack), then rebuilt by the cleaner (clean.ts), the clean copy is measured again and
 * finally checked against the editor's own ProseMirror schema (`@btz/shared/editor`): a document the editor cannot show
 * cannot be stored. Shape problems the cleaner can repair are repaired; a non-document, a broken size limit or a
 * document the schema refuses is refused.
 */
import type { EditorJson } from '@btz/shared';
import { editorDocProblem } from '@btz/shared/editor';
import { cleanDoc } from './clean.js';
import { limitError, MAX_DEPTH, MAX_NODES, MAX_TEXT, measure } from './limits.js';

export type ValidateResult = { ok: true; doc: EditorJson } | { ok: false; error: string };

const isRaw = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function validateDoc(input: unknown): ValidateResult {
  if (!isRaw(input) || input.type !== 'doc') return { ok: false, error: '正文格式不正确：缺少文档根节点（doc）' };
  if (input.content !== undefined && !Array.isArray(input.content)) {
    return { ok: false, error: '正文格式不正确：content 必须是数组' };
  }
  const inputError = measureInput(input);
  if (inputError) return { ok: false, error: inputError };
  const doc = cleanDoc(input, { flattenDeep: false });
  const outputError = limitError(measure(doc)) ?? editorDocProblem(doc);
  return outputError ? { ok: false, error: outputError } : { ok: true, doc };
}

/** The limits checked on the raw input, stopping at the first one broken. */
function measureInput(root: Record<string, unknown>): string | null {
  let nodes = 1;
  let text = 0;
  const stack: [unknown[], number][] = [[Array.isArray(root.content) ? root.content : [], 2]];
  while (stack.length) {
    const [list, depth] = stack.pop()!;
    if (list.length && depth > MAX_DEPTH) return `正文格式不正确：嵌套层级超过 ${MAX_DEPTH} 层`;
    nodes += list.length;
    if (nodes > MAX_NODES) return `正文过大：节点数超过 ${MAX_NODES} 个`;
    for (const node of list) {
      if (!isRaw(node)) continue;
      if (typeof node.text === 'string') text += node.text.length;
      if (text > MAX_TEXT) return `正文过长：文字超过 ${MAX_TEXT} 字`;
      if (Array.isArray(node.content)) stack.push([node.content, depth + 1]);
    }
  }
  return null;
}
