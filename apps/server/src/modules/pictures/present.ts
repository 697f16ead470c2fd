import type { PictureExtraction, PictureExtractionSummary, PictureItem } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { ExtractionRow, PictureRow } from './repo.js';

export function presentPicture(row: PictureRow): PictureItem {
  return {
    id: row.id,
    name: row.name,
    tags: row.tags ?? [],
    mime: row.mime,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    source: row.source,
    sourceFile: row.source_file,
    sourcePage: row.source_page,
    createTime: formatTime(row.created_at),
  };
}

export function presentExtraction(row: ExtractionRow): PictureExtraction {
  return {
    id: row.id,
    fileName: row.file_name,
    fileType: row.file_type,
    state: row.state,
    progress: row.progress,
    // a done extraction keeps its notice in the error column (job.ts)
    error: row.state === 'done' ? null : row.error,
    notice: row.state === 'done' ? row.error : null,
    pageCount: row.page_count,
    skipped: row.skipped,
    items: row.items.map((i) => ({ index: i.index, page: i.page, name: i.name, mime: i.mime, width: i.width, height: i.height, size: i.size })),
    createTime: formatTime(row.created_at),
  };
}

export function presentExtractionSummary(row: Omit<ExtractionRow, 'items' | 'storage_key' | 'size' | 'tenant_id' | 'owner_type' | 'owner_id' | 'user_id' | 'job_id' | 'updated_at'> & { count: number | string }): PictureExtractionSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    fileType: row.file_type,
    state: row.state,
    progress: row.progress,
    // a done extraction keeps its notice in the error column (job.ts)
    error: row.state === 'done' ? null : row.error,
    notice: row.state === 'done' ? row.error : null,
    pageCount: row.page_count,
    skipped: row.skipped,
    count: Number(row.count),
    createTime: formatTime(row.created_at),
  };
}
