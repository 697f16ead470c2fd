/**
 * Scoring rows about deviations (「技术要求偏离情况」「免费保修期内售后服务条款偏离情况」) are scored from the bid's deviation
 * tables, not from prose: one rule, here, for which table answers which row — the outline maps the row there when it
 * writes the bid, and the 废标检查 of a read bid file finds the same table among its headings.
 */

/** A row scoring the deviations of the offer (「重要技术要求偏离情况」「商务条款偏离」). */
export function isDeviationRow(item: string): boolean {
  return /偏离/.test(item);
}

/** A title naming a deviation table (技术要求偏离表, 商务条款偏离情况表, 技术规格偏离表). */
export const DEVIATION_TABLE_TITLE = /偏离.{0,4}表/;

/**
 * Of a bid's deviation tables, the one a deviation row is read from: the same side — technical parameters on the
 * technical table; terms (售后服务条款, 商务条款, 付款…) on the commercial one; a lone table answers a row of its side or
 * a row naming no side.
 */
export function deviationTableFor<T extends { title: string }>(item: string, tables: readonly T[]): T | undefined {
  const t = item.replace(/\s+/g, '');
  if (!isDeviationRow(t)) return undefined;
  const technical = /技术|参数|性能|指标|配置/.test(t);
  const side = technical ? /技术|参数/ : /商务/;
  return tables.find((d) => side.test(d.title)) ?? (tables.length === 1 && (technical || !/技术|参数/.test(tables[0]!.title)) ? tables[0] : undefined);
}
