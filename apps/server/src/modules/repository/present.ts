import type { RepositoryFile } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { RepositoryFileRow } from './repo.js';

export function presentFile(row: RepositoryFileRow): RepositoryFile {
  return {
    id: row.id,
    fileName: row.file_name,
    fileType: row.file_type,
    size: Number(row.size),
    state: row.state,
    error: row.error,
    pageCount: row.page_count,
    passageCount: row.passage_count,
    createTime: formatTime(row.created_at),
  };
}
