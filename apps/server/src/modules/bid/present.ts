import type { BidDetail, BidFileInfo, BidListItem } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { BidFileRow, BidListRow, BidRow } from './repo.js';

export function presentFile(f: BidFileRow): BidFileInfo {
  return {
    id: f.id,
    name: f.name,
    role: f.role,
    type: f.type,
    size: Number(f.size),
    pageCount: f.page_count,
    state: f.state,
    error: f.error,
    createTime: formatTime(f.created_at),
  };
}

export function presentBid(b: BidRow, files: BidFileRow[]): BidDetail {
  return {
    id: b.id,
    name: b.name,
    bidType: b.bid_type === 2 ? 2 : 1,
    status: b.status,
    lot: b.lot,
    lots: b.card?.lots ?? [],
    writer: b.writer,
    parse: { state: b.parse_state, progress: b.parse_progress, stage: b.parse_stage, error: b.parse_error },
    files: files.map(presentFile),
    card: b.card,
    outline: b.outline,
    coverage: b.coverage,
    usage: { prompt: Number(b.tokens_prompt), completion: Number(b.tokens_completion), cached: Number(b.tokens_cached) },
    createTime: formatTime(b.created_at),
    updateTime: formatTime(b.updated_at),
  };
}

type ListRow = BidListRow;

export function presentListItem(r: ListRow): BidListItem {
  return {
    id: r.id,
    name: r.name,
    bidType: r.bid_type === 2 ? 2 : 1,
    status: r.status,
    projectName: r.project_name ?? '',
    projectNumber: r.project_number ?? '',
    deadline: r.deadline ?? '',
    parseState: r.parse_state,
    createTime: formatTime(r.created_at),
    updateTime: formatTime(r.updated_at),
  };
}
