/**
 * Retrieval benchmark (issue 14, 知识库): does a bid section get, among the 5 passages the repository suggests, the
 * passage of a past bid that should serve it — and how fast is the search at 10,000 passages on PGlite?
 *
 *   npm run bench -- retrieval [--only c07,c09] [--passages 10000] [--verbose] [--explain] [--compare]
 *
 * --explain prints the plan of the slowest search-box query at 10k; --compare also times the search box's statement as it
 * was before the two-step search (one statement ranking every match), interleaved with today's (the same load for both).
 *
 * The labelled set, generated from the corpus (../shared/corpus) — every tender with a scoring table:
 * - past bids: the tender read (readDocument), its card (extractCard) and basic outline (generateOutline bidType 1),
 *   every leaf written offline (writeSectionOffline); the bid made into a document model (chapter headings, the leaf's
 *   heading, its lines as paragraphs) and split with the product's splitPassages. Stored with the product's
 *   tsvectorLiteral in the product's tables (all migrations run), one repository for all the tenders.
 * - new bids: the same tender's flagship outline (generateOutline bidType 2 — other leaves, other lengths), its 'ai'
 *   leaves. The passages that should serve a leaf: those of the past bid of the same tender written for a leaf with the
 *   same title or answering one of the same scoring rows. Leaves with no such passage are not counted.
 * - recall@5: the share of counted leaves for which at least one of the passages that should serve them is among the 5
 *   the product suggests (service suggestForSection's: sectionQuery → queryTerms → suggestPassages).
 * - same title@5 (lenient, printed beside): a passage written under the same section title in any past bid (another
 *   project's included) is among the 5.
 * - Two repositories (owners): the tenders alternately in one or the other. 10k: each repository filled up to
 *   --passages with copies of the other group's past bids (past bids of other projects: they never serve the leaf but
 *   compete for its 5 places); recall@5 again, and the latency of each suggestion (both its queries: heading words,
 *   then text) and of a search-box query (the leaf title, every word required): p50 / p95 in ms.
 */
import { sql } from 'kysely';
import type { BidOutlineNode, TenderCard } from '@btz/shared';
import { generateOutline } from '@btz/bid-engine/tender';
import { queryTerms, sectionProfile, sectionQuery, splitPassages, tsqueryLiteral, tsvectorLiteral } from '@btz/bid-engine/repository';
import { openPGlite } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { explainSearch, searchPassages } from '../apps/server/src/modules/repository/repo.js';
import { suggestPassages } from '../apps/server/src/modules/repository/service.js';
import { leaves, loadTruth, tenderCard, writeBidOffline, type Leaf } from './lib/corpus-bids.js';
import { sameTitle, shouldServe, writtenBidModel } from './lib/retrieval-labels.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? '') : null;
};
const only = arg('only') ? new Set(arg('only')!.split(',')) : null;
const TARGET = Number(arg('passages') ?? 10_000);
const verbose = args.includes('--verbose');
const compare = args.includes('--compare');

const truth = loadTruth('retrieval');


interface StoredPassage {
  tender: string;
  leaf: BidOutlineNode;
  path: string[];
  page: number;
  text: string;
}

/** A written bid (every leaf offline) as the reader would model it (lib/retrieval-labels.ts writtenBidModel). */
function bidModel(card: TenderCard, outline: BidOutlineNode[]) {
  return writtenBidModel(outline, writeBidOffline(card, outline));
}

const started = Date.now();
const past: StoredPassage[] = [];
const newBids: { tender: string; card: TenderCard; leaves: Leaf[] }[] = [];
for (const t of truth) {
  if (!t.scoring.length || (only && !only.has(t.id))) continue;
  const card = await tenderCard(t.file);
  const { nodes: outline } = generateOutline(card, { bidType: 1 });
  const { model, leafOfHeading } = bidModel(card, outline);
  for (const p of splitPassages(model)) {
    const leaf = leafOfHeading.get(p.path[p.path.length - 1] ?? '');
    if (leaf) past.push({ tender: t.id, leaf, ...p });
  }
  newBids.push({ tender: t.id, card, leaves: leaves(generateOutline(card, { bidType: 2 }).nodes).filter((l) => l.node.mode === 'ai') });
}

const h = await openPGlite({});
await migrate(h);
const db = h.db;
await sql`INSERT INTO tenants (id, code, branding) VALUES ('t1', 'bench', '{}')`.execute(db);
await sql`INSERT INTO users (id, tenant_id, invite_code) VALUES ('u0', 't1', 'BENCH0'), ('u1', 't1', 'BENCH1')`.execute(db);
/** two repositories: the tenders in two groups, each group's past bids in its own (the 10k filler: the other group's) */
const ownerOf = (group: number) => ({ tenantId: 't1', holder: { type: 'user' as const, id: `u${group}` } });
const count = [0, 0];

let seq = 0;
const labelOf = new Map<string, StoredPassage>();
/** every stored passage (copies included), for the lenient figure */
const anyOf = new Map<string, StoredPassage>();
async function store(group: number, fileId: string, fileName: string, ps: StoredPassage[], labelled: boolean) {
  const u = `u${group}`;
  count[group] = count[group]! + ps.length;
  await sql`INSERT INTO repository_files (id, tenant_id, owner_type, owner_id, user_id, file_name, file_type, size, storage_key, state, passage_count)
    VALUES (${fileId}, 't1', 'user', ${u}, ${u}, ${fileName}, 'docx', 0, 'none', 'done', ${ps.length})`.execute(db);
  for (let i = 0; i < ps.length; i += 200) {
    await db
      .insertInto('repository_passages')
      .values(
        ps.slice(i, i + 200).map((p, j) => {
          const id = `p${++seq}`;
          if (labelled) labelOf.set(id, p);
          anyOf.set(id, p);
          return {
            id,
            file_id: fileId,
            tenant_id: 't1',
            owner_type: 'user' as const,
            owner_id: u,
            seq: i + j,
            heading: JSON.stringify(p.path),
            page: p.page,
            text: p.text,
            tsv: sql`${tsvectorLiteral(p.path.join(' '), p.text)}::tsvector` as unknown as string,
            heading_tsv: sql`${tsvectorLiteral(p.path.join(' '), '')}::tsvector` as unknown as string,
          };
        }),
      )
      .execute();
  }
}
const tenders = [...new Set(past.map((p) => p.tender))];
const groupOf = new Map(tenders.map((t, i) => [t, i % 2]));
for (const t of tenders) await store(groupOf.get(t)!, `f-${t}`, `${t} 往年投标文件.docx`, past.filter((p) => p.tender === t), true);

const servesFor = (tender: string, node: BidOutlineNode) => (p: StoredPassage) => shouldServe(tender, node, p.tender, p.leaf);

interface Figures {
  counted: number;
  hits: number;
  /** a passage written under the same title in any past bid among the 5 */
  titleHits: number;
  suggestMs: number[];
  searchMs: number[];
  /** --compare: the search box's statement before the two-step search */
  beforeMs: number[];
  /** the slowest search-box query (for --explain) */
  slowest?: { ms: number; box: string; owner: ReturnType<typeof ownerOf> };
}
async function measure(last = true): Promise<Figures> {
  const f: Figures = { counted: 0, hits: 0, titleHits: 0, suggestMs: [], searchMs: [], beforeMs: [] };
  for (const b of newBids) {
    for (const l of b.leaves) {
      const serves = servesFor(b.tender, l.node);
      if (!past.some(serves)) continue;
      f.counted++;
      let t0 = performance.now();
      const terms = queryTerms(sectionQuery(b.card, l.node, l.parents), 30);
      const owner = ownerOf(groupOf.get(b.tender) ?? 0);
      const top = await suggestPassages(db, owner, terms, 5, [], sectionProfile(b.card, l.node, l.parents));
      f.suggestMs.push(performance.now() - t0);
      if (top.some((p) => anyOf.has(p.id) && sameTitle(anyOf.get(p.id)!.leaf.title, l.node.title))) f.titleHits++;
      if (top.some((p) => labelOf.has(p.id) && serves(labelOf.get(p.id)!))) f.hits++;
      else if (verbose && last)
        console.log(`  未命中 ${b.tender}「${l.node.title}」应为：${[...new Set(past.filter(serves).map((p) => p.leaf.title))].join('、')}；得到：${top.map((p) => `${p.heading.at(-1)}(${p.fileName.slice(0, 3)})`).join('、')}`);
      t0 = performance.now();
      const box = tsqueryLiteral(queryTerms(l.node.title, 20, { singles: true }), '&');
      await searchPassages(db, owner, box, 20);
      const ms = performance.now() - t0;
      f.searchMs.push(ms);
      if (!f.slowest || ms > f.slowest.ms) f.slowest = { ms, box, owner };
      if (compare) {
        // the search box as it was before (one statement: ts_rank over every match), interleaved so both see the same load
        t0 = performance.now();
        await searchBefore(owner, box, 20);
        f.beforeMs.push(performance.now() - t0);
      }
    }
  }
  return f;
}
/** The search box's statement before the two-step search (repo.ts until 0018), for --compare. */
async function searchBefore(o: ReturnType<typeof ownerOf>, tsquery: string, limit: number) {
  await sql`
    SELECT p.id, p.file_id, f.file_name, p.heading, p.page, p.text, ts_rank(p.tsv, q) AS rank
    FROM repository_passages p JOIN repository_files f ON f.id = p.file_id, (SELECT ${tsquery}::tsquery AS q) AS qq
    WHERE p.tenant_id = ${o.tenantId} AND p.owner_type = ${o.holder.type} AND p.owner_id = ${o.holder.id} AND p.tsv @@ q
    ORDER BY rank DESC, p.file_id, p.seq
    LIMIT ${limit}`.execute(db);
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]! : 0;
};
const line = (label: string, n: number, f: Figures) =>
  `${label.padEnd(22)} | ${String(n).padStart(8)} | ${String(f.counted).padStart(6)} | ${((100 * f.hits) / Math.max(1, f.counted)).toFixed(1).padStart(6)}% (${f.hits}/${f.counted}) | ${((100 * f.titleHits) / Math.max(1, f.counted)).toFixed(1)}% | ${q(f.suggestMs, 0.5).toFixed(1)} / ${q(f.suggestMs, 0.95).toFixed(1)} | ${q(f.searchMs, 0.5).toFixed(1)} / ${q(f.searchMs, 0.95).toFixed(1)}` +
  (compare ? ` | before ${q(f.beforeMs, 0.5).toFixed(1)} / ${q(f.beforeMs, 0.95).toFixed(1)}` : '');

console.log(`语料标书 ${tenders.length} 份（${tenders.join(' ')}）；往年标书段落 ${past.length} 个；新标书待检索章节 ${newBids.reduce((n, b) => n + b.leaves.length, 0)} 个（旗舰版目录的 AI 撰写章节）`);
console.log('set                    | passages | leaves | recall@5 (≥90%)        | same title@5 | suggest p50 / p95 ms (≤50) | search p50 / p95 ms');
await measure(false); // warm-up (PGlite's first queries plan and load)
console.log(line('corpus past bids', Math.max(count[0]!, count[1]!), await measure()));

// each repository filled up to TARGET with copies of the other group's past bids
let copy = 0;
for (const g of [0, 1]) {
  const others = tenders.filter((t) => groupOf.get(t) !== g);
  for (let i = 0; count[g]! < TARGET; i++) {
    const t = others[i % others.length]!;
    const ps = past.filter((p) => p.tender === t).slice(0, TARGET - count[g]!);
    await store(g, `copy-${++copy}`, `${t} 其他项目投标文件（${copy}）.docx`, ps.map((p) => ({ ...p, tender: `copy-${copy}` })), false);
  }
}
await sql`ANALYZE repository_passages`.execute(db);
await measure(false);
const big = await measure();
console.log(line(`+ other projects' bids`, Math.min(count[0]!, count[1]!), big));
if (args.includes('--explain') && big.slowest) {
  // the plan of the slowest search-box query (searchPassages' SQL, with the timing PostgreSQL measures)
  const { box, owner } = big.slowest;
  console.log(`最慢的搜索框查询（${big.slowest.ms.toFixed(1)} ms）：${box}`);
  const plan = await explainSearch(db, owner, box, 20);
  console.log(plan);
}
console.log(`用时 ${((Date.now() - started) / 1000).toFixed(0)} 秒`);
await h.close();
