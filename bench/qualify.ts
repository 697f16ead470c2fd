/**
 * Qualification chapters benchmark (issue 14, 资料库 → 资格章节): on the real corpus (../shared/corpus), which document
 * types the tender requires (its qualification clauses and evidence scoring rows: engine `requiredDocTypes`) and whether
 * each lands in a section of the generated outline (`assignDocTypes`: each type in one leaf) — so that writing the bid
 * puts the data bank's documents where the tender asks for them — with the time the assignment takes per bid.
 *
 *   npm run bench -- qualify [--only c07,c09] [--verbose]
 *
 * Figures: required types placed in a section (share), leaves that get documents per bid, ms per assignment (p50, max).
 */
import type { BidOutlineNode } from '@btz/shared';
import { assignDocTypes, requiredDocTypes } from '@btz/bid-engine/databank';
import { generateOutline } from '@btz/bid-engine/tender';
import { loadTruth, tenderCard } from './lib/corpus-bids.js';

const args = process.argv.slice(2);
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1]!.split(',')) : null;
const verbose = args.includes('--verbose');
const truth = loadTruth('qualify').filter((t) => !only || only.has(t.id));

const titles = (nodes: BidOutlineNode[], out = new Map<string, string>()) => {
  for (const n of nodes) {
    out.set(n.id, n.title);
    if (n.children?.length) titles(n.children, out);
  }
  return out;
};

let required = 0;
let placed = 0;
const times: number[] = [];
const leavesWith: number[] = [];
for (const t of truth) {
  let card;
  try {
    card = await tenderCard(t.file);
  } catch (e) {
    console.log(`${t.id}  跳过：${(e as Error).message}`);
    continue;
  }
  const { nodes } = generateOutline(card, { bidType: 1 });
  const start = performance.now();
  const map = assignDocTypes(card, nodes);
  times.push(performance.now() - start);
  const names = titles(nodes);
  const assigned = new Set([...map.values()].flat());
  const req = requiredDocTypes(card);
  const missing = req.filter((r) => !assigned.has(r.type)).map((r) => r.type);
  required += req.length;
  placed += req.length - missing.length;
  leavesWith.push(map.size);
  console.log(
    `${t.id}  资格要求 ${card.qualifications.length} 条 · 需要 ${req.length} 类 · 放入章节 ${req.length - missing.length} 类 · 带资料的章节 ${map.size} 个${missing.length ? ` · 未放入：${missing.join('、')}` : ''}`,
  );
  if (verbose) for (const [id, types] of map) console.log(`    ${names.get(id)} → ${types.join('、')}`);
}
times.sort((a, b) => a - b);
const pct = required ? ((placed / required) * 100).toFixed(1) : '—';
console.log(`\n需要的资料类型放入章节：${placed}/${required}（${pct} %）；每份标书带资料的章节 平均 ${(leavesWith.reduce((a, b) => a + b, 0) / Math.max(1, leavesWith.length)).toFixed(1)} 个`);
console.log(`assignDocTypes 每份标书：p50 ${times[Math.floor(times.length / 2)]?.toFixed(2)} ms，最长 ${times.at(-1)?.toFixed(2)} ms（${times.length} 份招标文件）`);
