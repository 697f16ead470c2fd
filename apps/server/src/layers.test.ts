/**
 * Layers point one way: the edge (http/) and the jobs runner (jobs/) serve every domain and know none. A domain
 * hands them what they need (token verification lives in auth/, below both; a module registers its job kinds with
 * `app.jobs.register`). This walks every import of those folders — and of whatever they import, transitively — and
 * fails when one resolves into modules/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const MODULES = path.join(SRC, 'modules') + path.sep;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** Relative import specifiers of a file (static `import … from`, `export … from`, `import('…')`), resolved to .ts files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => {
      const abs = path.resolve(path.dirname(file), s);
      const ts = abs.replace(/\.js$/, '.ts');
      if (existsSync(ts)) return ts;
      if (existsSync(path.join(abs, 'index.ts'))) return path.join(abs, 'index.ts');
      return abs;
    });
}

/** Every file reachable from `start` over relative imports, with the chain that reached it. */
function reachable(start: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = start.map((f) => [f]);
  while (queue.length) {
    const chain = queue.shift()!;
    const f = chain[chain.length - 1]!;
    if (seen.has(f)) continue;
    seen.set(f, chain);
    if (!existsSync(f)) continue;
    for (const next of importsOf(f)) if (!seen.has(next)) queue.push([...chain, next]);
  }
  return seen;
}

describe('layers point one way', () => {
  for (const layer of ['http', 'jobs']) {
    it(`${layer}/ imports nothing from modules/, directly or through another file`, () => {
      const files = sourceFiles(path.join(SRC, layer));
      expect(files.length).toBeGreaterThan(0);
      const intoModules = [...reachable(files).entries()]
        .filter(([f]) => f.startsWith(MODULES))
        .map(([, chain]) => chain.map((f) => path.relative(SRC, f)).join(' → '));
      expect(intoModules).toEqual([]);
    });
  }

  it('the walk sees an import into modules/ (the check can fail)', () => {
    const app = path.join(SRC, 'app.ts');
    expect([...reachable([app]).keys()].some((f) => f.startsWith(MODULES))).toBe(true);
  });
});
