import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '@btz/shared';
import type { DB } from './schema.js';

/** `current` (1-based) and `size` of a list call (spec §6 paging). */
export interface Paging {
  current: number;
  size: number;
}

/** The page envelope every list call answers with. */
export function toPage<T>(records: T[], total: number, p: Paging): Page<T> {
  return { records, total, current: p.current, size: p.size, pages: Math.ceil(total / p.size) };
}

/**
 * One page of a filtered query: the count and the rows run together over the same `base` (its `where`s), `rows` adds
 * the selection and the order (which must be total, so pages neither repeat nor skip a row), and `present` turns each
 * row into what the call answers. The one way to page in this server.
 */
/** A page of rows as the call answers it: each record through its presenter (repos page rows, presenters present). */
export function presentPage<T, R>(page: Page<T>, present: (row: T) => R): Page<R> {
  return { ...page, records: page.records.map(present) };
}

export async function paginate<TB extends keyof DB, O, R = O>(
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  base: SelectQueryBuilder<DB, TB, {}>,
  p: Paging,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  rows: (q: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
  present: (row: O) => R = (row) => row as unknown as R,
): Promise<Page<R>> {
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows(base)
      .limit(p.size)
      .offset((p.current - 1) * p.size)
      .execute(),
  ]);
  return toPage((list as O[]).map(present), Number((count as { total: number | string }).total), p);
}
