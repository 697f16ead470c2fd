import type { BidCheckDetail, BidCheckReport, BidCheckSeverity, BidCheckSummary } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { CheckRow, CheckSummaryRow as SummaryRow } from './repo.js';

export function presentSummary(row: SummaryRow): BidCheckSummary {
  const counts = typeof row.counts === 'string' ? (JSON.parse(row.counts) as Record<BidCheckSeverity, number>) : row.counts;
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    state: row.state,
    progress: row.progress,
    error: row.error,
    fileName: row.file_name,
    bidId: row.bid_id,
    bidName: row.bid_name,
    counts: counts ?? null,
    passed: row.passed ?? null,
    createTime: formatTime(row.created_at),
  };
}

export function presentDetail(row: CheckRow & { bid_name: string | null }): BidCheckDetail {
  const report = row.result as BidCheckReport | null;
  return {
    ...presentSummary({ ...row, counts: report?.counts ?? null, passed: report ? report.passed : null }),
    report: row.state === 'done' ? report : null,
  };
}
