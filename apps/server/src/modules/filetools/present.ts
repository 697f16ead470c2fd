import { FILETOOL_NAMES, type FileToolRun } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { FileToolFile } from '../../db/schema-filetools.js';
import type { RunRow } from './repo.js';

const file = (f: FileToolFile) => ({ index: f.index, name: f.name, mime: f.mime, size: Number(f.size) });

/** What clearing removed, one Chinese line per kind that was there. */
const REMOVED: [key: string, label: string, unit: string][] = [
  ['coreProps', '文档属性（作者、修改者、时间等）', '项'],
  ['appProps', '应用程序属性（公司、模板、编辑时长等）', '项'],
  ['customProps', '自定义属性', '项'],
  ['rsids', '修订标识（RSID）', '个'],
  ['comments', '批注及其作者', '处'],
  ['revisionAuthors', '修订记录作者', '位'],
  ['docVars', '文档变量', '个'],
  ['hiddenRuns', '隐藏文字', '处'],
  ['template', '模板路径', ''],
  ['thumbnail', '缩略图', ''],
  ['infoEntries', 'PDF 文档信息（作者、创建工具、时间等）', '项'],
  ['xmp', 'XMP 元数据', '段'],
];

export function removedLines(report: Record<string, number | boolean> | null): string[] {
  if (!report) return [];
  const out: string[] = [];
  for (const [key, label, unit] of REMOVED) {
    const v = report[key];
    if (v === true) out.push(label);
    else if (typeof v === 'number' && v > 0) out.push(`${label} ${v} ${unit}`);
  }
  return out;
}

export function presentRun(row: RunRow): FileToolRun {
  return {
    id: row.id,
    tool: row.tool,
    toolName: FILETOOL_NAMES[row.tool],
    inputs: row.inputs.map(file),
    outputs: row.outputs.map(file),
    state: row.state,
    progress: row.progress,
    error: row.error,
    removed: removedLines(row.report),
    createTime: formatTime(row.created_at),
  };
}
