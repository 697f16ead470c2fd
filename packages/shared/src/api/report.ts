import type { ScoringCategory } from '../bid.js';

/**
 * The tender analysis report (招标分析报告, `/btz/bid/analysis-report`): the words the button, the server's refusals and
 * the report files share.
 */

/** How a qualification requirement stands against the enterprise facts the user entered. */
export type ReportCheckState = 'held' | 'missing' | 'expiring' | 'manual';

export const REPORT_CHECK_LABELS: Record<ReportCheckState, string> = {
  held: '已具备',
  missing: '缺少',
  expiring: '投标截止前到期',
  manual: '需人工确认',
};

/** The scoring categories as the report names them (the same words as the card panel). */
export const SCORING_CATEGORY_LABELS: Record<ScoringCategory, string> = { technical: '技术', commercial: '商务', price: '价格' };

export type ReportFormat = 'docx' | 'xlsx';
export const REPORT_FORMATS: readonly ReportFormat[] = ['docx', 'xlsx'];

export const REPORT_TEXTS = {
  title: '招标分析报告',
  /** the downloaded file: 「{项目名称}-招标分析报告.docx」 */
  fileName: (project: string, format: ReportFormat) => `${project}-招标分析报告.${format}`,
  word: 'Word 文档（.docx）',
  excel: 'Excel 表格（.xlsx）',
  /** after the field's name: 「报告格式（format）：只能是 …」 */
  badFormat: '只能是 docx（Word）或 xlsx（Excel）',
  parsing: '招标文件正在解析中，解析完成后即可导出招标分析报告',
  failed: '招标文件解析失败，无法生成招标分析报告，请重新解析后再试',
  noCard: '招标文件尚未解析出招标要点，暂不能导出招标分析报告',
  exported: (name: string) => `已导出：${name}`,
  exportFailed: '招标分析报告导出失败，请稍后重试',
} as const;
