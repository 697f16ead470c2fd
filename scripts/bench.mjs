// npm run bench [-- name…]: runs benchmarks under bench/ (each prints its own figures). No name = all of them.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const all = readdirSync(path.join(root, 'bench'))
  .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_'))
  .map((f) => f.replace(/\.(ts|mjs)$/, ''));
// arguments that name a benchmark pick it; everything else (`--quick`, `--chars 20000`) is passed to each one
const args = process.argv.slice(2);
const wanted = args.filter((a) => all.includes(a));
const extra = args.filter((a) => !all.includes(a));
if (!wanted.length && extra.some((a) => !a.startsWith('-') && !/^[\d.,]+$/.test(a))) {
  console.error(`没有名为 ${extra.find((a) => !a.startsWith('-'))} 的基准测试；可选：${all.join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : all;
let failed = 0;
for (const name of names) {
  const file = readdirSync(path.join(root, 'bench')).find((f) => f.replace(/\.(ts|mjs)$/, '') === name);
  if (!file) {
    console.error(`没有名为 ${name} 的基准测试；可选：${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== bench: ${name} ===`);
  const code = await run(process.execPath, ['--import', 'tsx', path.join('bench', file), ...extra]);
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
