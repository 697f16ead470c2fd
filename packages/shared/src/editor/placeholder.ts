/**
 * The one definition of the blanks a bid leaves for the bidder (PRODUCT.md §5 step 6): 【待填写：…】 marks a fact only the
 * bidder knows; 【拟定：…】 a value a model proposed under the bid's opt-in, to be confirmed. The writer emits them, the
 * editor highlights them, the health check counts them and the exporter highlights them in Word — all with these patterns.
 */

/** A blank to fill in: 【待填写：说明】 (also the bare 【待填写】). Global: use with matchAll / replace. */
export const PLACEHOLDER_RE = /【待填写(?:[：:][^】\n]*)?】/g;

/** A value a model proposed (marked for the user to confirm). Global. */
export const PROPOSED_RE = /【拟定[：:][^】\n]*】/g;

/** The placeholders a text contains, each once, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER_RE) ?? [])];
}

/** Whether `text` contains a placeholder. */
export function hasPlaceholder(text: string): boolean {
  return new RegExp(PLACEHOLDER_RE.source).test(text);
}
