import type { DupCheckDetail, DupCheckSummary } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { DupCheckListRow, DupCheckRow } from './repo.js';

export function presentSummary(row: DupCheckListRow): DupCheckSummary {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    progress: row.progress,
    error: row.error,
    bids: row.files.filter((f) => f.role === 'bid').length,
    hasTender: row.files.some((f) => f.role === 'tender'),
    risk: row.risk,
    score: row.score,
    createTime: formatTime(row.created_at),
  };
}

export function presentDetail(row: DupCheckRow): DupCheckDetail {
  return {
    ...presentSummary(row),
    files: row.files.map((f) => ({ index: f.index, name: f.name, role: f.role, type: f.type, size: Number(f.size) })),
    report: row.state === 'done' ? row.report : null,
  };
}
