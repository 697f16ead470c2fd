import { ENTERPRISE_LABELS, ENTERPRISE_LIMITS as L, ENTERPRISE_ROW_LABELS } from '@btz/shared';

/**
 * Field names for the messages, rows included: `qualifications.2.expiry` → 「第 3 条资质证书的有效期至」. Built once
 * for every row the limits allow (a few thousand short strings).
 */
export const ENTERPRISE_FIELD_LABELS: Record<string, string> = (() => {
  const out: Record<string, string> = { ...ENTERPRISE_LABELS };
  for (const [listKey, fields] of Object.entries(ENTERPRISE_ROW_LABELS)) {
    const max = L[listKey as keyof typeof ENTERPRISE_ROW_LABELS];
    for (let i = 0; i < max; i++) {
      const row = `第 ${i + 1} 条${ENTERPRISE_LABELS[listKey]}`;
      out[`${listKey}.${i}`] = row;
      for (const [f, label] of Object.entries(fields)) out[`${listKey}.${i}.${f}`] = `${row}的${label}`;
    }
  }
  return out;
})();
