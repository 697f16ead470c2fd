/**
 * Layers point one way: the edge (http/) and the jobs runner (jobs/) serve every domain and know none. A domain
 * hands them what they need (token verification lives in auth/, below both; a module registers its job kinds with
 * `app.jobs.register`). This walks every import of those folders — and of whatever they import, transitively — and
 * fails when one resolves into modules/.
 *
 * Below the layers, the server's files and its modules (a module is a folder under modules/) form a graph without
 * cycles: an import circle between two files or two modules fails here with the circle named. And SQL lives in a
 * module's `repo.ts` (or a named command under `commands/`): a query call anywhere else in modules/ fails, with the
 * file and its count named. A job that commits inside its fence passes the fence's transaction to a repo function.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importsOf, sourceFiles } from '../../../scripts/import-graph.js';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const MODULES = path.join(SRC, 'modules') + path.sep;

/** Every server source file (tests aside). */
const ALL = sourceFiles(SRC);

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

/** The import graph with each file named by `nameOf` (files it names null are left out; a node's own edges dropped). */
function importGraph(nameOf: (file: string) => string | null): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const f of ALL) {
    const from = nameOf(f);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const i of importsOf(f)) {
      const to = nameOf(i);
      if (to !== null && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

const moduleOf = (file: string) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split(path.sep)[0]! : null);

/**
 * Kysely's query starts and the `sql` template tag: the calls that reach the database. Files outside modules/ (db/,
 * jobs/, the storage ledger, tokens, instances) own their tables and are not counted.
 */
const QUERY_CALL = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql\s*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*`/g;

function queryCalls(text: string): number {
  return text.match(QUERY_CALL)?.length ?? 0;
}

/** A module's SQL home: its repo.ts files and its named commands. */
const isSqlHome = (rel: string) => /(^|\/)repo\.ts$/.test(rel) || /(^|\/)commands\//.test(rel);

describe('the server is a graph without cycles', () => {
  it('no import circle between two files', () => {
    const circles = cyclesOf(importGraph((f) => (f.startsWith(SRC) ? path.relative(SRC, f) : null)));
    expect(circles).toEqual([]);
  });

  it('no import circle between two modules (folders under modules/)', () => {
    const graph = importGraph(moduleOf);
    expect(graph.size).toBeGreaterThan(10);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the circle finder finds a circle (the checks can fail)', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c']]);
  });
});

describe('SQL lives in repo.ts', () => {
  const counts = new Map(
    ALL.filter((f) => f.startsWith(MODULES))
      .map((f) => [path.relative(MODULES, f).split(path.sep).join('/'), f] as const)
      .filter(([rel]) => !isSqlHome(rel))
      .map(([rel, f]) => [rel, queryCalls(readFileSync(f, 'utf8'))] as const)
      .filter(([, n]) => n > 0),
  );

  it('no query call in modules/ outside repo.ts and commands/', () => {
    expect([...counts.entries()].map(([rel, n]) => `${rel}: ${n}`)).toEqual([]);
  });

  it('the walk counts the query calls of modules/ (the check can fail)', () => {
    const inRepos = ALL.filter((f) => f.startsWith(MODULES) && isSqlHome(path.relative(MODULES, f).split(path.sep).join('/')));
    expect(inRepos.reduce((n, f) => n + queryCalls(readFileSync(f, 'utf8')), 0)).toBeGreaterThan(100);
  });

  it('the query pattern sees every kind of call (the check can fail)', () => {
    const sample = [
      "db.selectFrom('bids')",
      "trx.insertInto('x')",
      "db\n  .updateTable('x')",
      "db.deleteFrom('x')",
      'sql`now()`',
      'sql<number>`count(*)`',
      'sql<Record<string, number>>`x`',
    ].join('\n');
    expect(queryCalls(sample)).toBe(7);
    expect(queryCalls("import { sql } from 'kysely'; const s = 'selectFrom';")).toBe(0);
  });
});

/**
 * Long work runs as a job (issue 26 item 3): the worker processes (`workers/`) are started from job code only — a call's
 * route or service answers at once and queues the work; it never waits for a worker inside the request (the export did
 * for up to 600 s).
 */
describe('long work runs as jobs, never inside a request', () => {
  const WORKERS = path.join(SRC, 'workers', 'index.ts');
  const requestSide = (rel: string) => /(^|\/|-)routes\.ts$/.test(rel) || /(^|\/)service\.ts$/.test(rel);
  const importers = ALL.filter((f) => f.startsWith(MODULES) && importsOf(f).includes(WORKERS)).map((f) => path.relative(MODULES, f).split(path.sep).join('/'));

  it('no route or service file of modules/ imports workers/', () => {
    expect(importers.filter(requestSide)).toEqual([]);
  });

  it('the walk sees the jobs that import workers/ (the check can fail)', () => {
    expect(importers).toContain('bid/export/job.ts');
    expect(requestSide('bid/writing/routes.ts') && requestSide('bid/export/service.ts') && requestSide('bid/writing/material-routes.ts')).toBe(true);
  });
});
