/**
 * Figures for issue 13 item 3 (not a registered benchmark: `_` keeps it out of `npm run bench`): reads a tender (the
 * generated fixture by default, or a .docx / .pdf path), builds the card and the outline, writes every leaf with the
 * offline writer and prints the health score, its cap, the blanks and the coverage by points.
 *
 *   node --import tsx bench/_health-figures.ts [tender file] [--rows]
 */
import { readFileSync } from 'node:fs';
import type { BidOutlineNode } from '@btz/shared';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import { readDocument } from '../packages/bid-engine/src/reading/index.js';
import { extractCard } from '../packages/bid-engine/src/tender/card.js';
import { generateOutline } from '../packages/bid-engine/src/tender/outline.js';
import { buildFactSheet, writeSectionOffline } from '../packages/bid-engine/src/writer/index.js';
import { computeHealth } from '../packages/bid-engine/src/health/index.js';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
const read = await readDocument(file ? readFileSync(file) : await buildTenderDocx());
const card = extractCard([{ name: file ?? '招标文件.docx', role: 'main', order: 1, pages: read.pages, chapters: read.chapters, ...(read.model ? { model: read.model } : {}) }]);
const { nodes } = generateOutline(card, { bidType: 1 });
const facts = buildFactSheet(card, { bidType: 1 });
const sections: Record<string, string> = {};
const walk = (list: BidOutlineNode[], parents: string[]) => {
  for (const n of list) {
    if (n.children?.length) walk(n.children, [...parents, n.title]);
    else {
      const targetChars = n.mode && n.mode !== 'ai' ? 600 : (n.targetChars ?? 3000);
      const siblingTitles = list.filter((x) => x.id !== n.id).map((x) => x.title);
      sections[n.id] = writeSectionOffline({ card, node: n, parentTitles: parents, siblingTitles, facts, enterprise: {}, targetChars, bidType: 1 }).text;
    }
  }
};
walk(nodes, []);
const t0 = performance.now();
const h = computeHealth({ card, outline: nodes, sections });
const ms = Math.round(performance.now() - t0);
const bySeverity = { high: 0, medium: 0, low: 0 };
for (const f of h.findings) bySeverity[f.severity]++;
const cov = h.coverage!;
console.log(`tender: ${file ?? 'generated fixture'}`);
console.log(`health ${h.score}/100${h.capped ? ` (capped at ${h.capped.max}: ${h.capped.reasons.join('；')})` : ''}, checked in ${ms} ms`);
console.log(`findings: ${h.findings.length} (high ${bySeverity.high}, medium ${bySeverity.medium}, low ${bySeverity.low})`);
console.log(`placeholders: ${h.placeholders!.count} (${h.placeholders!.per10k} per 10,000 characters)`);
console.log(
  `coverage by points: ${cov.answered}/${cov.total} non-price rows answered (${cov.percent}%), points ${cov.pointsAnswered}/${cov.pointsTotal}` +
    `${cov.unknown ? `, unknown: ${cov.unknown.reason}` : ''}`,
);
if (process.argv.includes('--rows')) for (const r of cov.rows) console.log(`  ${r.state.padEnd(10)} ${r.item}${r.missing.length ? `  未见：${r.missing.join('、')}` : ''}`);
