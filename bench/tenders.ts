/**
 * Real-tender benchmark (issue 12): reads every file of the labelled corpus (../shared/corpus, see its README.md) with
 * readDocument, runs the offline card (extractCard) and outline (generateOutline), and scores them against truth.json.
 *
 *   npm run bench -- tenders [--only c01,c07] [--verbose [--outline]] [--no-ocr] [--corpus ../shared/outside]
 *
 * Matching rules (the corpus README's, made precise here):
 * - Normalised text: NFKC (full- and half-width punctuation alike), whitespace removed, ASCII lower-cased, quotes,
 *   brackets and dashes folded to one form each.
 * - Scoring rows: a labelled row matches a found row when the points are equal (±0.001) AND the items match: after
 *   normalisation and removing printed point annotations such as （30分）, the labelled item equals, contains or is
 *   contained in the found item (the shorter side at least 2 characters). A labelled item written 'factor-sub' (the
 *   label's way of naming a sub-row of a merged factor cell) also matches on its sub part alone, and a labelled item
 *   ending in a bracket that lists what it covers also matches without that bracket. Matching is one-to-one
 *   (maximum bipartite matching). Recall = matched / labelled rows, precision = matched / found rows (micro-averaged).
 * - ★ clauses: the label is the first 25 characters after the mark. A found clause matches when, normalised (and also
 *   with any leading numbering such as '6.' or '（1）' removed from both), the shorter of the two is a prefix of the
 *   longer and at least 4 characters long, or the two are equal (a label of 1–3 characters, a ★ on a column header such
 *   as 「数量」, can only match that way). One-to-one. Found clauses agreeing on their first 25 characters count once
 *   (the label keeps one string for them).
 * - Composition: the longest common subsequence of the labelled parts and the found parts (two parts are equal when one
 *   normalised title contains the other, the shorter at least 2 characters), as a share of the labelled parts.
 * - Facts (6 per document): project name (equal to projectName or one of projectNameAlt), project number, purchaser,
 *   agency, money (budget AND ceilingPrice both equal to the label, null only matching null), deadline (YYYY-MM-DD HH:mm).
 *   All compared normalised; a null label is right only when nothing was found.
 * - Lots (`lots`): the label lists lots only when the procurement is split into two or more 包/标段. A labelled lot
 *   matches a found lot (one-to-one) when their normalised names contain one another (the shorter at least 2
 *   characters) or the found lot's id or name carries the labelled lot's number (「DLZM08」). A document is right when
 *   the counts are equal and every labelled lot matched (no lots labelled, none found: right).
 * - invalidCount: within tolerance when |found − label| ≤ max(2, 30 % of the label).
 * - Outline coverage: a labelled non-price row counts when it matched a found row AND the outline has a node whose
 *   scoringIds include that row AND whose title (normalised) contains the found item, the labelled item, or the sub part
 *   of either (a sub-row's section may carry the sub-row's own name under its factor). A row scoring deviations (its
 *   labelled item names 偏离) is found where an evaluator reads it: a response table (mode table) titled 偏离… that
 *   carries the row.
 * - Read time: readDocument wall time per page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDocument, shutdownOcr } from '@btz/bid-engine/reading';
import { CARD_FACT_KEYS, CARD_LIST_KEYS } from '@btz/shared';
import { extractCard, generateOutline, flattenOutline, type TenderFileInput } from '@btz/bid-engine/tender';
import { writeBidOffline } from './lib/corpus-bids.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// another labelled set in the corpus's format (real tenders kept outside the corpus): `--corpus ../shared/outside`
const corpusIdx = process.argv.indexOf('--corpus');
const corpus = path.resolve(root, corpusIdx >= 0 ? process.argv[corpusIdx + 1]! : '../shared/corpus');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const ocr = !args.includes('--no-ocr');
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? new Set((args[onlyIdx + 1] ?? '').split(',')) : null;

if (!existsSync(path.join(corpus, 'truth.json'))) {
  console.error(`bench/tenders: 找不到语料库 ${corpus}/truth.json（应位于仓库上一级的 shared/corpus）`);
  process.exit(2);
}

interface Truth {
  id: string;
  file: string;
  projectName: string;
  projectNameAlt?: string[];
  projectNumber: string | null;
  purchaser: string | null;
  agency: string | null;
  budget: number | null;
  ceilingPrice: number | null;
  deadline: string | null;
  scoring: Array<{ item: string; points: number; category: string }>;
  stars: string[];
  invalidCount: number | null;
  composition: string[];
  lots?: Array<{ name: string; number?: string }>;
  half: 'work' | 'check' | 'outside';
}

const truth: Truth[] = JSON.parse(readFileSync(path.join(corpus, 'truth.json'), 'utf8'));

export function norm(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFKC')
    .replace(/[\s\u3000\u00a0\u200b]+/g, '')
    .toLowerCase()
    .replace(/[“”"‘’'「」『』]/g, '"')
    .replace(/[〔【［[]/g, '(')
    .replace(/[〕】］\]]/g, ')')
    .replace(/[—–－‐-]+/g, '-')
    .replace(/[~～〜]/g, '~');
}
const dropPoints = (s: string) => s.replace(/\(\d+(?:\.\d+)?分\)/g, '');
const itemKey = (s: string) => dropPoints(norm(s));
const near = (a: string, b: string) => {
  if (!a || !b) return false;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return s.length >= 2 && l.includes(s);
};
function labelVariants(item: string): string[] {
  const k = itemKey(item);
  const out = [k];
  const dash = item.lastIndexOf('-');
  if (dash > 0) {
    out.push(itemKey(item.slice(dash + 1)));
    out.push(itemKey(item.slice(0, dash) + item.slice(dash + 1)));
  }
  // a trailing bracket that lists what the item covers (「服务承诺事项（应急预案、档案管理…）」) is not part of its name
  for (const v of [...out]) {
    const bare = v.replace(/\([^()]*\)$/, '');
    if (bare !== v && bare.length >= 2) out.push(bare);
  }
  return out.filter(Boolean);
}

/** Maximum bipartite matching (Kuhn): pairs[labelIndex] = foundIndex or -1. */
function match(nL: number, nF: number, ok: (l: number, f: number) => boolean): number[] {
  const ofF = new Array<number>(nF).fill(-1);
  const adj = Array.from({ length: nL }, (_, l) => Array.from({ length: nF }, (_, f) => f).filter((f) => ok(l, f)));
  const tryL = (l: number, seen: Set<number>): boolean => {
    for (const f of adj[l]!) {
      if (seen.has(f)) continue;
      seen.add(f);
      if (ofF[f] === -1 || tryL(ofF[f]!, seen)) {
        ofF[f] = l;
        return true;
      }
    }
    return false;
  };
  for (let l = 0; l < nL; l++) tryL(l, new Set());
  const pairs = new Array<number>(nL).fill(-1);
  ofF.forEach((l, f) => {
    if (l >= 0) pairs[l] = f;
  });
  return pairs;
}

const stripNum = (s: string) =>
  s.replace(/^(?:\d{1,2}\.\d{1,2}|\d{1,2}(?:[.、．)]|\s)|[(（]\d{1,2}[)）]|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+、)/, '');
function starMatch(label: string, found: string): boolean {
  const pairs: Array<[string, string]> = [
    [norm(label), norm(found)],
    [stripNum(norm(label)), stripNum(norm(found))],
  ];
  return pairs.some(([a, b]) => {
    const [s, l] = a.length <= b.length ? [a, b] : [b, a];
    // (a label shorter than that — a ★ column header such as 「数量」 — matches only a clause equal to it)
    return (s.length >= 4 && l.startsWith(s)) || (s.length > 0 && s === l);
  });
}

function lcs<A, B>(a: A[], b: B[], eq: (x: A, y: B) => boolean): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i]![j] = eq(a[i - 1]!, b[j - 1]!) ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return dp[a.length]![b.length]!;
}

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)} %` : '—');

interface Row {
  id: string;
  half: 'work' | 'check' | 'outside';
  /** the card or outline step threw: every figure of the document counts as missed */
  crashed?: string;
  pages: number;
  readMs: number;
  sc: [number, number, number];
  st: [number, number, number];
  comp: [number, number];
  facts: [number, number];
  inv: [number | null, number];
  cov: [number, number];
  /** a tender with a scoring table, written end to end offline: every leaf written (null: no scoring table labelled) */
  written: { ok: boolean; leaves: number; chars: number; why?: string } | null;
  /** lots: matched, labelled, found */
  lots: [number, number, number];
}

const rows: Row[] = [];
for (const t of truth) {
  if (only && !only.has(t.id)) continue;
  const buf = readFileSync(path.join(corpus, t.file));
  const t0 = performance.now();
  let r;
  try {
    r = await readDocument(buf, { ocr });
  } catch (e) {
    const why = (e as Error).message;
    console.log(`\n--- ${t.id}: 读取失败（${why}）`);
    rows.push({
      id: t.id,
      half: t.half,
      crashed: why,
      pages: 0,
      readMs: 0,
      sc: [0, t.scoring.length, 0],
      st: [0, t.stars.length, 0],
      comp: [0, t.composition.length],
      facts: [0, 6],
      inv: [t.invalidCount, 0],
      cov: [0, t.scoring.filter((s) => s.category !== 'price').length],
      written: t.scoring.length ? { ok: false, leaves: 0, chars: 0, why: why } : null,
      lots: [0, (t.lots ?? []).length, 0],
    });
    continue;
  }
  const readMs = performance.now() - t0;
  const input: TenderFileInput = {
    name: path.basename(t.file),
    role: 'main',
    order: 0,
    pages: r.pages,
    chapters: r.chapters,
    ...(r.model ? { model: r.model } : {}),
  };
  let card: ReturnType<typeof extractCard>;
  let flat: ReturnType<typeof flattenOutline>;
  let nodes: ReturnType<typeof generateOutline>['nodes'];
  try {
    card = extractCard([input]);
    nodes = generateOutline(card, { bidType: 1 }).nodes;
    flat = flattenOutline(nodes);
  } catch (e) {
    // a crash is a result, not a skip: the document counts with nothing found
    const why = (e as Error).message;
    console.log(`\n--- ${t.id}: 招标要点或目录生成失败（${why}）`);
    rows.push({
      id: t.id,
      half: t.half,
      crashed: why,
      pages: r.pages.length,
      readMs: performance.now() - t0,
      sc: [0, t.scoring.length, 0],
      st: [0, t.stars.length, 0],
      comp: [0, t.composition.length],
      facts: [0, 6],
      inv: [t.invalidCount, 0],
      cov: [0, t.scoring.filter((s) => s.category !== 'price').length],
      written: t.scoring.length ? { ok: false, leaves: 0, chars: 0, why: why } : null,
      lots: [0, (t.lots ?? []).length, 0],
    });
    continue;
  }

  // scoring
  const found = card.scoring;
  const pairs = match(t.scoring.length, found.length, (l, f) => {
    const lab = t.scoring[l]!;
    if (found[f]!.points === null || Math.abs(found[f]!.points! - lab.points) > 0.001) return false;
    const fk = itemKey(found[f]!.item);
    return labelVariants(lab.item).some((v) => near(v, fk));
  });
  const scMatched = pairs.filter((p) => p >= 0).length;

  // stars
  // a label is a clause's first 25 characters: found clauses that agree on those are one clause, as in the labels
  const seen25 = new Set<string>();
  const starClauses = card.starClauses.filter((s) => {
    const k = norm(s.text.replace(/^[★\s]+/, '').slice(0, 25));
    if (seen25.has(k)) return false;
    seen25.add(k);
    return true;
  });
  const sPairs = match(t.stars.length, starClauses.length, (l, f) => starMatch(t.stars[l]!, starClauses[f]!.text));
  const stMatched = sPairs.filter((p) => p >= 0).length;

  // composition
  const compL = lcs(t.composition, card.composition, (a, b) => near(norm(a), norm(b.title)));

  // facts
  const factChecks: Array<[string, boolean, string, string]> = [];
  const fv = (k: keyof typeof card) => {
    const f = card[k] as { value: unknown } | null;
    return f ? f.value : null;
  };
  const eqText = (label: string | null, got: unknown, alts: string[] = []) =>
    label === null ? got === null : got !== null && [label, ...alts].some((x) => norm(x) === norm(String(got)));
  factChecks.push(['projectName', eqText(t.projectName, fv('projectName'), t.projectNameAlt ?? []), t.projectName, String(fv('projectName'))]);
  factChecks.push(['projectNumber', eqText(t.projectNumber, fv('projectNumber')), String(t.projectNumber), String(fv('projectNumber'))]);
  factChecks.push(['purchaser', eqText(t.purchaser, fv('purchaser')), String(t.purchaser), String(fv('purchaser'))]);
  factChecks.push(['agency', eqText(t.agency, fv('agency')), String(t.agency), String(fv('agency'))]);
  const moneyEq = (label: number | null, got: unknown) => (label === null ? got === null : typeof got === 'number' && Math.abs(got - label) < 0.01);
  factChecks.push([
    'money',
    moneyEq(t.budget, fv('budget')) && moneyEq(t.ceilingPrice, fv('ceilingPrice')),
    `${t.budget}/${t.ceilingPrice}`,
    `${fv('budget')}/${fv('ceilingPrice')}`,
  ]);
  factChecks.push(['deadline', eqText(t.deadline, fv('deadline')), String(t.deadline), String(fv('deadline'))]);

  // coverage of non-price rows
  let covN = 0;
  let covK = 0;
  const uncovered: string[] = [];
  t.scoring.forEach((lab, l) => {
    if (lab.category === 'price') return;
    covN++;
    const f = pairs[l]!;
    const fr = f >= 0 ? found[f]! : null;
    const ok =
      !!fr &&
      flat.some((n) => {
        if (!n.scoringIds.includes(fr.id)) return false;
        if (/偏离/.test(lab.item) && n.mode === 'table' && /偏离/.test(n.title)) return true;
        const title = itemKey(n.title);
        return [...labelVariants(fr.item), ...labelVariants(lab.item)].some((v) => v.length >= 2 && title.includes(v));
      });
    if (ok) covK++;
    else uncovered.push(lab.item);
  });

  // written end to end offline: every leaf of the outline gets text (a tender with a scoring table only)
  let written: Row['written'] = null;
  if (t.scoring.length) {
    try {
      const sections = writeBidOffline(card, nodes);
      const leafIds = flat.filter((n) => n.isLeaf).map((n) => n.id);
      const empty = leafIds.filter((id) => !(sections[id] ?? '').trim());
      const chars = Object.values(sections).reduce((a, x) => a + x.length, 0);
      written = { ok: leafIds.length > 0 && !empty.length, leaves: leafIds.length, chars, ...(empty.length ? { why: `${empty.length} 节为空` } : leafIds.length ? {} : { why: '目录为空' }) };
    } catch (e) {
      written = { ok: false, leaves: 0, chars: 0, why: (e as Error).message };
    }
  }
  // lots
  const labelLots = t.lots ?? [];
  const lPairs = match(labelLots.length, card.lots.length, (l, f) => {
    const lab = labelLots[l]!;
    const got = card.lots[f]!;
    return near(norm(lab.name), norm(got.name)) || (!!lab.number && (norm(got.name).includes(norm(lab.number)) || norm(got.id) === norm(lab.number)));
  });
  const lotsMatched = lPairs.filter((p) => p >= 0).length;

  const inv = t.invalidCount;
  const row: Row = {
    id: t.id,
    half: t.half,
    pages: r.pages.length,
    readMs,
    sc: [scMatched, t.scoring.length, found.length],
    st: [stMatched, t.stars.length, starClauses.length],
    comp: [compL, t.composition.length],
    facts: [factChecks.filter((c) => c[1]).length, factChecks.length],
    inv: [inv, card.invalidClauses.length],
    cov: [covK, covN],
    written,
    lots: [lotsMatched, labelLots.length, card.lots.length],
  };
  rows.push(row);
  if (verbose) {
    console.log(`\n--- ${t.id} (${r.type}, ${r.pages.length} pages, model: ${r.model ? `${r.model.blocks.length} blocks` : 'none'})`);
    t.scoring.forEach((lab, l) => {
      if (pairs[l]! < 0) console.log(`  scoring missed: ${lab.item} ${lab.points}`);
    });
    found.forEach((f, i) => {
      if (!pairs.includes(i)) console.log(`  scoring extra : ${f.item} ${f.points} [${f.category}] p${f.source.page}`);
    });
    t.stars.forEach((s, l) => {
      if (sPairs[l]! < 0) console.log(`  star missed: ${s}`);
    });
    starClauses.forEach((s, i) => {
      if (!sPairs.includes(i)) console.log(`  star extra : ${s.text.slice(0, 40)} p${s.source.page}`);
    });
    console.log(`  composition found: ${card.composition.map((c) => c.title).join(' | ')}`);
    for (const c of t.composition) if (!card.composition.some((p) => near(norm(c), norm(p.title)))) console.log(`  composition missed: ${c}`);
    for (const [k, ok, want, got] of factChecks) if (!ok) console.log(`  fact ${k}: want ${want} got ${got}`);
    console.log(`  invalid: label ${inv} found ${card.invalidClauses.length}`);
    if (labelLots.length || card.lots.length)
      console.log(`  lots: label ${labelLots.map((l) => `${l.number ?? ''} ${l.name}`.trim()).join(' | ') || '—'}; found ${card.lots.map((l) => l.name).join(' | ') || '—'}`);
    if (card.failedParts?.length) console.log(`  parts not read: ${card.failedParts.join('; ')}`);
    for (const u of uncovered) console.log(`  not covered: ${u}`);
    if (args.includes('--outline'))
      for (const n of flat) console.log(`  ${'  '.repeat(n.level)}${n.number} ${n.title} [${n.kind}/${n.mode}] ${n.scoringIds.join(',')}`);
    const entries = [
      ...CARD_FACT_KEYS.map((k) => card[k]).filter((x): x is NonNullable<typeof x> => !!x),
      ...CARD_LIST_KEYS.flatMap((k) => card[k] as Array<{ verified: boolean }>),
    ];
    const unverified = entries.filter((e) => !e.verified).length;
    if (unverified) console.log(`  unverified entries: ${unverified} of ${entries.length}`);
    if (card.scoringCheck) console.log(`  scoring check: printed total ${card.scoringCheck.total}, rows ${card.scoringCheck.sum}${card.scoringCheck.problem ? ` — ${card.scoringCheck.problem}` : ""}`);
  }
}
await shutdownOcr();

const tol = (label: number, got: number) => Math.abs(got - label) <= Math.max(2, 0.3 * label);
const head = ['doc', 'pages', 'scoring R', 'scoring P', '★ R', '★ P', 'composition', 'facts', 'lots', 'invalid (label/found)', 'outline coverage', 'written offline', 'read ms/page'];
/** a document's lots are right when the counts agree and every labelled lot matched */
const lotsRight = (r: Row) => r.lots[0] === r.lots[1] && r.lots[1] === r.lots[2];
const lines = [head];
for (const r of rows)
  lines.push([
    r.crashed ? `${r.id} ✗ 失败` : r.id,
    String(r.pages),
    `${pct(r.sc[0], r.sc[1])} (${r.sc[0]}/${r.sc[1]})`,
    `${pct(r.sc[0], r.sc[2])} (${r.sc[0]}/${r.sc[2]})`,
    pct(r.st[0], r.st[1]),
    `${pct(r.st[0], r.st[2])} (${r.st[0]}/${r.st[2]})`,
    `${pct(r.comp[0], r.comp[1])} (${r.comp[0]}/${r.comp[1]})`,
    `${r.facts[0]}/${r.facts[1]}`,
    `${r.lots[0]}/${r.lots[1]} (${r.lots[2]})${lotsRight(r) ? '' : ' ✗'}`,
    r.inv[0] === null ? `—/${r.inv[1]}` : `${r.inv[0]}/${r.inv[1]}${tol(r.inv[0], r.inv[1]) ? '' : ' ✗'}`,
    `${pct(r.cov[0], r.cov[1])} (${r.cov[0]}/${r.cov[1]})`,
    r.written ? (r.written.ok ? `✓ ${r.written.leaves} 节 ${Math.round(r.written.chars / 1000)}k 字` : `✗ ${r.written.why ?? ''}`) : '—',
    (r.readMs / Math.max(1, r.pages)).toFixed(1),
  ]);
function summary(label: string, set: Row[]): string[] {
  const sum = (f: (r: Row) => number) => set.reduce((a, r) => a + f(r), 0);
  const invRows = set.filter((r) => r.inv[0] !== null);
  const crashed = set.filter((r) => r.crashed).length;
  return [
    `${label} (${set.length} docs${crashed ? `, ${crashed} failed` : ''})`,
    String(sum((r) => r.pages)),
    pct(sum((r) => r.sc[0]), sum((r) => r.sc[1])),
    pct(sum((r) => r.sc[0]), sum((r) => r.sc[2])),
    pct(sum((r) => r.st[0]), sum((r) => r.st[1])),
    pct(sum((r) => r.st[0]), sum((r) => r.st[2])),
    pct(sum((r) => r.comp[0]), sum((r) => r.comp[1])),
    pct(sum((r) => r.facts[0]), sum((r) => r.facts[1])),
    `${set.filter(lotsRight).length}/${set.length} right (${sum((r) => r.lots[0])}/${sum((r) => r.lots[1])} lots, ${sum((r) => r.lots[2])} found)`,
    `${invRows.filter((r) => tol(r.inv[0]!, r.inv[1])).length}/${invRows.length} within tolerance`,
    pct(sum((r) => r.cov[0]), sum((r) => r.cov[1])),
    `${set.filter((r) => r.written?.ok).length}/${set.filter((r) => r.written).length}`,
    (sum((r) => r.readMs) / Math.max(1, sum((r) => r.pages))).toFixed(1),
  ];
}
for (const [half, label] of [['work', 'work half'], ['check', 'check half'], ['outside', 'outside the corpus']] as const)
  if (rows.some((r) => r.half === half)) lines.push(summary(label, rows.filter((r) => r.half === half)));
lines.push(summary('all', rows));
console.log('\n| ' + lines[0]!.join(' | ') + ' |');
console.log('|' + lines[0]!.map(() => '---').join('|') + '|');
for (const l of lines.slice(1)) console.log('| ' + l.join(' | ') + ' |');
