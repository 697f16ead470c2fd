/**
 * A readable diff of two texts of a section (its history panel, issue 27): paragraphs (lines) matched first, then the
 * characters of a paragraph that changed, so a reader sees which words went and which came. Plain LCS on both levels:
 * a section is at most a few hundred paragraphs, and a changed pair of paragraphs too long for a character diff is shown
 * as the old paragraph removed and the new one added.
 */
export type DiffPart = { kind: 'same' | 'add' | 'del'; text: string };

/** Above this many character pairs (old × new) a changed paragraph is shown whole, removed then added. */
const CHAR_DIFF_CELLS = 4_000_000;

/** The edit script between `a` and `b` as runs of kept, removed and added items (LCS; ties keep removals first). */
function lcsScript<T>(a: readonly T[], b: readonly T[]): Array<{ kind: DiffPart['kind']; item: T }> {
  const n = a.length;
  const m = b.length;
  // common prefix and suffix first: most edits touch a small part of a long section
  let pre = 0;
  while (pre < n && pre < m && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < n - pre && suf < m - pre && a[n - 1 - suf] === b[m - 1 - suf]) suf++;
  const A = a.slice(pre, n - suf);
  const B = b.slice(pre, m - suf);
  const rows = A.length + 1;
  const cols = B.length + 1;
  const len = new Uint32Array(rows * cols);
  for (let i = A.length - 1; i >= 0; i--) {
    for (let j = B.length - 1; j >= 0; j--) {
      len[i * cols + j] = A[i] === B[j] ? len[(i + 1) * cols + j + 1]! + 1 : Math.max(len[(i + 1) * cols + j]!, len[i * cols + j + 1]!);
    }
  }
  const out: Array<{ kind: DiffPart['kind']; item: T }> = a.slice(0, pre).map((item) => ({ kind: 'same' as const, item }));
  let i = 0;
  let j = 0;
  while (i < A.length || j < B.length) {
    if (i < A.length && j < B.length && A[i] === B[j]) {
      out.push({ kind: 'same', item: A[i]! });
      i++;
      j++;
    } else if (j >= B.length || (i < A.length && len[(i + 1) * cols + j]! >= len[i * cols + j + 1]!)) {
      out.push({ kind: 'del', item: A[i]! });
      i++;
    } else {
      out.push({ kind: 'add', item: B[j]! });
      j++;
    }
  }
  for (const item of a.slice(n - suf)) out.push({ kind: 'same', item });
  return out;
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

function charDiff(parts: DiffPart[], oldText: string, newText: string): void {
  const a = Array.from(oldText);
  const b = Array.from(newText);
  if (a.length * b.length > CHAR_DIFF_CELLS) {
    push(parts, 'del', oldText);
    push(parts, 'add', newText);
    return;
  }
  for (const s of lcsScript(a, b)) push(parts, s.kind, s.item);
}

/**
 * The diff from `oldText` to `newText`: runs of kept, removed (`del`) and added (`add`) text, line breaks included, so
 * joining the `same` and `del` parts gives the old text back and joining `same` and `add` gives the new one.
 */
export function textDiff(oldText: string, newText: string): DiffPart[] {
  const lines = (t: string) => (t === '' ? [] : t.split('\n').map((l, i, all) => (i < all.length - 1 ? `${l}\n` : l)));
  const script = lcsScript(lines(oldText), lines(newText));
  const parts: DiffPart[] = [];
  for (let k = 0; k < script.length; ) {
    if (script[k]!.kind === 'same') {
      push(parts, 'same', script[k]!.item);
      k++;
      continue;
    }
    // a run of changed lines: removed and added lines paired in order get a character diff, the rest stay whole
    const del: string[] = [];
    const add: string[] = [];
    while (k < script.length && script[k]!.kind !== 'same') {
      (script[k]!.kind === 'del' ? del : add).push(script[k]!.item);
      k++;
    }
    const pairs = Math.min(del.length, add.length);
    for (let p = 0; p < pairs; p++) charDiff(parts, del[p]!, add[p]!);
    for (const l of del.slice(pairs)) push(parts, 'del', l);
    for (const l of add.slice(pairs)) push(parts, 'add', l);
  }
  return parts;
}

/** Characters added and removed by a diff (the history panel's +N / −N). */
export function diffCounts(parts: readonly DiffPart[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    const n = Array.from(p.text.replace(/\s/g, '')).length;
    if (p.kind === 'add') added += n;
    else if (p.kind === 'del') removed += n;
  }
  return { added, removed };
}
