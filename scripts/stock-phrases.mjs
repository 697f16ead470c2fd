/**
 * The offline writer's stock phrasing for the duplicate check (issue 15, 查重): every string literal and every fixed
 * part of a template literal in the writer's sources (packages/bid-engine/src/writer, tests and LLM prompts left out)
 * that holds Chinese text. Two bids written with this product share these words whatever their bidders did; the check
 * leaves them out the way it leaves out the tender's text (packages/bid-engine/src/dupcheck/compare.ts).
 *
 *   node scripts/stock-phrases.mjs          rewrites packages/bid-engine/src/dupcheck/stock-phrases.json
 *
 * A test (dupcheck/stock-phrases.test.ts) fails when the file is behind the writer.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WRITER_DIR = path.join(root, 'packages/bid-engine/src/writer');
export const OUTPUT = path.join(root, 'packages/bid-engine/src/dupcheck/stock-phrases.json');
const SKIP = /\.test\.ts$|(^|\/)(prompts|llm-section|ai-actions)\.ts$/;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !SKIP.test(path.relative(WRITER_DIR, p)) ? [p] : [];
  });
}

/** The writer's fixed Chinese fragments, sorted and distinct. */
export function extractStockPhrases() {
  const out = new Set();
  for (const file of sources(WRITER_DIR)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        const text = node.text.trim();
        // regular expressions written as strings are the writer's reading, not its words
        if ((text.match(/\p{Script=Han}/gu) ?? []).length >= 2 && !/\(\?[:<!=]|\\[sdwb]|\[\^/.test(text)) out.add(text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...out].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const phrases = extractStockPhrases();
  writeFileSync(OUTPUT, `${JSON.stringify(phrases, null, 0).replace(/","/g, '",\n"')}\n`);
  console.log(`${phrases.length} 条撰写模板固定用语 → ${path.relative(root, OUTPUT)}`);
}
