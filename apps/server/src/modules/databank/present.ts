import type { DataDocItem, DataDocType } from '@btz/shared';
import { daysBetween, shanghaiToday } from '../../lib/dates.js';
import { formatTime } from '../../lib/time.js';
import type { DataDocRow } from './repo.js';

export function presentDataDoc(row: DataDocRow, now = new Date()): DataDocItem {
  return {
    id: row.id,
    type: row.type as DataDocType,
    name: row.name,
    number: row.number,
    creditCode: row.credit_code,
    issuer: row.issuer,
    validFrom: row.valid_from,
    expiry: row.expiry,
    person: row.person,
    client: row.client,
    year: row.year,
    amount: row.amount_fen == null ? null : Number(row.amount_fen) / 100,
    tags: row.tags ?? [],
    fileName: row.file_name,
    fileKind: row.file_kind,
    mime: MIME[row.file_kind],
    size: Number(row.size),
    daysLeft: row.expiry ? daysBetween(shanghaiToday(now), row.expiry) : null,
    createTime: formatTime(row.created_at),
    updateTime: formatTime(row.updated_at),
  };
}

export const MIME: Record<DataDocRow['file_kind'], string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
};
