/**
 * The analysis report as a Word file: a title page (project name, 招标分析报告, date), then one numbered part per topic,
 * each a bordered table with a repeated, shaded header row. Fonts as the bid export sets them (Times New Roman for
 * Latin, a Chinese font for East Asian text), A4 with the same margins, page numbers 「第 X 页」 in the footer from the first page after the title.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from 'docx';
import type { ReportCheckState } from '@btz/shared';
import { ASCII_FONT } from '../export/docx.js';
import { POINT_STATE_LABELS, type BidDecision, type Verdict } from './decision.js';
import { formatPoints } from './model.js';
import type { AnalysisReport, ReportClauseRow, ReportFactRow } from './types.js';
import { chineseCounting } from '../text/numerals.js';

const BODY_FONT = '宋体';
const HEADING_FONT = '黑体';
/** A4, 2.54 cm margins (as the bid export), in twips; the text width is what the tables share out. */
const PAGE = { width: 11906, height: 16838, margin: 1440 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** 五号 in tables, 小四 in the text (half-points). */
const TABLE_SIZE = 21;
const BODY_SIZE = 24;

export const STATE_FILL: Record<ReportCheckState, string> = { held: 'E2EFDA', missing: 'F8CBAD', expiring: 'FFE699', manual: 'EDEDED' };

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };

interface Col {
  title: string;
  /** share of the text width */
  width: number;
  align?: 'center' | 'right';
}

interface CellSpec {
  text: string;
  fill?: string;
  bold?: boolean;
  color?: string;
  span?: number;
}

type Cell = string | CellSpec;

function para(text: string, opts: { bold?: boolean; size?: number; color?: string; align?: 'center' | 'right'; indent?: boolean } = {}): Paragraph {
  return new Paragraph({
    alignment: opts.align === 'center' ? AlignmentType.CENTER : opts.align === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
    ...(opts.indent ? { indent: { firstLine: 480 } } : {}),
    children: [new TextRun({ text, bold: opts.bold, size: opts.size, color: opts.color })],
  });
}

function cellParagraphs(text: string, spec: { bold?: boolean; color?: string }, align: Col['align']): Paragraph[] {
  // a cell keeps the tender's line breaks
  return (text || '').split(/\r?\n/).map(
    (line) =>
      new Paragraph({
        alignment: align === 'center' ? AlignmentType.CENTER : align === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
        spacing: { line: 276 },
        children: [new TextRun({ text: line, bold: spec.bold, color: spec.color, size: TABLE_SIZE })],
      }),
  );
}

function table(cols: Col[], rows: Cell[][]): Table {
  const widths = cols.map((c) => Math.round(c.width * TEXT_WIDTH));
  const cell = (c: Cell, i: number, header: boolean) => {
    const spec: CellSpec = typeof c === 'string' ? { text: c } : c;
    const span = spec.span ?? 1;
    const width = widths.slice(i, i + span).reduce((a, b) => a + b, 0);
    return new TableCell({
      width: { size: width, type: WidthType.DXA },
      ...(span > 1 ? { columnSpan: span } : {}),
      verticalAlign: VerticalAlign.CENTER,
      margins: { left: 80, right: 80, top: 40, bottom: 40 },
      ...(header || spec.fill ? { shading: { type: ShadingType.CLEAR, fill: header ? 'D9E1F2' : spec.fill!, color: 'auto' } } : {}),
      children: cellParagraphs(spec.text, { bold: header || spec.bold, color: spec.color }, header ? 'center' : cols[i]?.align),
    });
  };
  const line = (cells: Cell[], header = false) => {
    let col = 0;
    const children = cells.map((c) => {
      const out = cell(c, col, header);
      col += typeof c === 'string' ? 1 : (c.span ?? 1);
      return out;
    });
    return new TableRow({ tableHeader: header, cantSplit: header, children });
  };
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: BORDERS,
    rows: [line(cols.map((c) => c.title), true), ...rows.map((r) => line(r))],
  });
}

const pageText = (p: number | null) => (p === null ? '—' : String(p));

function factTable(rows: ReportFactRow[]): Table {
  return table(
    [
      { title: '项目', width: 0.18 },
      { title: '内容', width: 0.5 },
      { title: '页码', width: 0.08, align: 'center' },
      { title: '说明', width: 0.24 },
    ],
    rows.map((r) => [{ text: r.label, bold: true }, r.value, pageText(r.page), r.note ? { text: r.note, color: 'C00000' } : '']),
  );
}

function clauseTable(rows: ReportClauseRow[], title: string): Table {
  return table(
    [
      { title: '序号', width: 0.08, align: 'center' },
      { title, width: 0.82 },
      { title: '页码', width: 0.1, align: 'center' },
    ],
    rows.map((r) => [String(r.no), r.text, pageText(r.page)]),
  );
}

function heading(n: number, text: string): Paragraph {
  return new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`${n <= 12 ? chineseCounting(n) : n}、${text}`)] });
}

const none = (what: string) => para(`招标文件中未识别到${what}。`, { color: '7F7F7F' });
const gap = () => new Paragraph({ spacing: { after: 120 }, children: [] });

function dateCn(minute: string): string {
  const [y, m, d] = minute.slice(0, 10).split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

function titlePage(r: AnalysisReport): Paragraph[] {
  const lines: [string, string][] = [];
  const number = r.overview.find((f) => f.key === 'projectNumber');
  if (number) lines.push(['项目编号', number.value]);
  const purchaser = r.overview.find((f) => f.key === 'purchaser');
  if (purchaser) lines.push(['采 购 人', purchaser.value]);
  if (r.lot) lines.push(['标    段', r.lot]);
  if (r.enterpriseName) lines.push(['投 标 人', r.enterpriseName]);
  lines.push(['生成日期', dateCn(r.generatedAt)]);
  return [
    new Paragraph({ spacing: { before: 2800, after: 400 }, alignment: AlignmentType.CENTER, children: [new TextRun({ text: r.projectName, bold: true, size: 40, font: { eastAsia: HEADING_FONT, ascii: ASCII_FONT, hAnsi: ASCII_FONT } })] }),
    new Paragraph({ spacing: { after: 1600 }, alignment: AlignmentType.CENTER, children: [new TextRun({ text: '招标分析报告', bold: true, size: 52, font: { eastAsia: HEADING_FONT, ascii: ASCII_FONT, hAnsi: ASCII_FONT } })] }),
    ...lines.map(
      ([k, v]) =>
        new Paragraph({ indent: { left: 1680 }, spacing: { after: 200 }, children: [new TextRun({ text: `${k}：`, bold: true, size: 28 }), new TextRun({ text: v, size: 28 })] }),
    ),
    ...r.notes.map((n) => new Paragraph({ spacing: { before: 600 }, indent: { left: 840, right: 840 }, children: [new TextRun({ text: n, size: 20, color: '7F7F7F' })] })),
  ];
}

const VERDICT_COLOR: Record<Verdict, string> = { go: '375623', caution: 'BF8F00', 'no-go': 'C00000' };

/** The go/no-go page: the verdict and its reasons, then qualifications, points, constraints and risks. */
function decisionPage(d: BidDecision, n: number): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [heading(n, '投标决策')];
  out.push(
    new Paragraph({
      spacing: { before: 120, after: 120 },
      children: [new TextRun({ text: '结论：', bold: true, size: 32 }), new TextRun({ text: d.verdictLabel, bold: true, size: 32, color: VERDICT_COLOR[d.verdict] })],
    }),
  );
  d.reasons.forEach((t, i) => out.push(para(`${i + 1}. ${t}`)));
  const q = d.qualification;
  out.push(gap(), para('资格条件', { bold: true }), para(`已具备 ${q.held} 项，缺少 ${q.missing} 项，截止前到期 ${q.expiring} 项，需人工确认 ${q.manual} 项（明细见「资格审查」）。`, { indent: true }));
  const p = d.points;
  out.push(
    gap(),
    para('得分预估（按已填写的企业信息与资料库，仅供参考）', { bold: true }),
    para(`证据已具备可得至多约 ${formatPoints(p.earnable)} 分；缺少证据难得约 ${formatPoints(p.lost)} 分；待确认 ${formatPoints(p.unknown)} 分；取决于方案编写 ${formatPoints(p.writing)} 分；取决于报价 ${formatPoints(p.price)} 分。`, { indent: true }),
  );
  const evidence = p.rows.filter((r) => r.state === 'earnable' || r.state === 'lost' || r.state === 'unknown');
  if (evidence.length) {
    out.push(
      table(
        [
          { title: '评分项', width: 0.24 },
          { title: '分值', width: 0.08, align: 'center' },
          { title: '预估', width: 0.18, align: 'center' },
          { title: '依据', width: 0.42 },
          { title: '页码', width: 0.08, align: 'center' },
        ],
        evidence.map((r) => [
          r.item,
          r.points === null ? '—' : formatPoints(r.points),
          { text: POINT_STATE_LABELS[r.state], bold: true, fill: r.state === 'earnable' ? STATE_FILL.held : r.state === 'lost' ? STATE_FILL.missing : STATE_FILL.manual },
          r.basis,
          pageText(r.page),
        ]),
      ),
    );
  }
  if (d.constraints.length) {
    out.push(gap(), para('硬性约束', { bold: true }));
    out.push(
      table(
        [
          { title: '项目', width: 0.16 },
          { title: '内容', width: 0.74 },
          { title: '页码', width: 0.1, align: 'center' },
        ],
        d.constraints.map((c) => [{ text: c.label, bold: true, ...(c.attention ? { fill: STATE_FILL.expiring } : {}) }, c.text, pageText(c.page)]),
      ),
    );
  }
  if (d.risks.length) {
    out.push(gap(), para('风险提示', { bold: true }));
    d.risks.forEach((t, i) => out.push(para(`${i + 1}. ${t}`)));
  }
  return out;
}

/** The report as a .docx file. */
export async function reportDocx(r: AnalysisReport): Promise<Buffer> {
  const body: (Paragraph | Table)[] = [];
  let n = 0;

  body.push(...decisionPage(r.decision, ++n));

  if (r.review.length) {
    body.push(heading(++n, '需人工核对'));
    body.push(para('以下内容自动读取时把握不足，请对照招标文件原文核对：', { indent: true }));
    r.review.forEach((t, i) => body.push(para(`${i + 1}. ${t}`, { color: 'C00000' })));
  }

  body.push(heading(++n, '项目概况'));
  if (r.overview.length) body.push(factTable(r.overview));
  else body.push(none('项目基本信息'));
  if (r.lots.length) {
    body.push(gap(), para(`标段划分（共 ${r.lots.length} 个）${r.lot ? `，本报告针对：${r.lot}` : ''}`, { bold: true }));
    body.push(table([{ title: '标段', width: 0.15, align: 'center' }, { title: '名称', width: 0.85 }], r.lots.map((l) => [l.id, l.name])));
  }

  body.push(heading(++n, '关键时间'));
  if (r.dates.length) body.push(factTable(r.dates));
  else body.push(none('投标截止、开标时间与地点'));

  body.push(heading(++n, '资格审查'));
  if (r.checklist.length) {
    const c = r.checkCounts;
    body.push(
      para(
        `共 ${r.checklist.length} 项资格要求：已具备 ${c.held} 项，缺少 ${c.missing} 项，投标截止前到期 ${c.expiring} 项，需人工确认 ${c.manual} 项。` +
          (r.enterpriseName ? `对照企业：${r.enterpriseName}。` : ''),
        { indent: true },
      ),
      table(
        [
          { title: '序号', width: 0.07, align: 'center' },
          { title: '资格要求', width: 0.4 },
          { title: '状态', width: 0.17, align: 'center' },
          { title: '依据', width: 0.28 },
          { title: '页码', width: 0.08, align: 'center' },
        ],
        r.checklist.map((q) => [String(q.no), q.requirement, { text: q.stateLabel, fill: STATE_FILL[q.state], bold: true }, q.basis, pageText(q.page)]),
      ),
    );
  } else body.push(none('资格要求'));

  body.push(heading(++n, '评分标准'));
  const s = r.scoring;
  if (s.rows.length) {
    for (const w of s.warnings) body.push(para(`⚠ ${w}`, { bold: true, color: 'C00000' }));
    body.push(
      table(
        [
          { title: '序号', width: 0.07, align: 'center' },
          { title: '类别', width: 0.08, align: 'center' },
          { title: '评分项', width: 0.2 },
          { title: '分值', width: 0.08, align: 'center' },
          { title: '评分标准', width: 0.49 },
          { title: '页码', width: 0.08, align: 'center' },
        ],
        [
          ...s.rows.map((x) => [String(x.no), x.categoryLabel, x.item, x.points === null ? '—' : formatPoints(x.points), x.criteria, pageText(x.page)]),
          ...s.groups.map((g): Cell[] => [{ text: `${g.label}部分小计（${g.count} 项）`, span: 3, bold: true, fill: 'F2F2F2' }, { text: formatPoints(g.points), bold: true, fill: 'F2F2F2' }, { text: '', span: 2, fill: 'F2F2F2' }]),
          [{ text: '合计', span: 3, bold: true, fill: 'D9E1F2' }, { text: s.total === null ? '—' : formatPoints(s.total), bold: true, fill: 'D9E1F2' }, { text: s.printedTotal !== null ? `招标文件载明总分 ${formatPoints(s.printedTotal)} 分` : '', span: 2, fill: 'D9E1F2' }],
        ],
      ),
    );
  } else body.push(none('评分标准'));

  body.push(heading(++n, '★ 实质性条款'));
  body.push(r.stars.length ? clauseTable(r.stars, '条款（不满足将导致投标无效）') : none('★ 条款'));
  body.push(heading(++n, '▲ 重要条款'));
  body.push(r.important.length ? clauseTable(r.important, '条款') : none('▲ 条款'));
  body.push(heading(++n, '废标条款'));
  body.push(r.invalid.length ? clauseTable(r.invalid, '情形') : none('废标（无效投标）条款'));

  body.push(heading(++n, '投标文件组成'));
  if (r.composition.length) {
    body.push(
      table(
        [
          { title: '序号', width: 0.08, align: 'center' },
          { title: '组成部分', width: 0.37 },
          { title: '说明', width: 0.45 },
          { title: '页码', width: 0.1, align: 'center' },
        ],
        r.composition.map((p) => [String(p.no), p.title, p.note, pageText(p.page)]),
      ),
    );
  } else body.push(none('投标文件组成'));

  if (r.terms.length) {
    body.push(heading(++n, '其他要点'));
    body.push(factTable(r.terms));
  }
  body.push(gap(), para(`本报告由标书 AI 于 ${r.generatedAt} 生成，页码为招标文件的页码。`, { color: '7F7F7F', size: 18 }));

  const runFont = { ascii: ASCII_FONT, hAnsi: ASCII_FONT, eastAsia: BODY_FONT, cs: ASCII_FONT };
  const page = { size: { width: PAGE.width, height: PAGE.height }, margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin } };
  const doc = new Document({
    title: r.title,
    creator: '标书 AI',
    styles: {
      default: {
        document: { run: { font: runFont, size: BODY_SIZE }, paragraph: { spacing: { line: 360 } } },
        heading1: {
          run: { font: { ascii: ASCII_FONT, hAnsi: ASCII_FONT, eastAsia: HEADING_FONT, cs: ASCII_FONT }, size: 30, bold: true, color: '000000' },
          paragraph: { spacing: { before: 360, after: 160 }, keepNext: true, outlineLevel: 0 },
        },
      },
    },
    sections: [
      { properties: { page }, children: titlePage(r) },
      {
        properties: { page: { ...page, pageNumbers: { start: 1 } } },
        headers: { default: new Header({ children: [para(r.title, { size: 18, color: '7F7F7F', align: 'right' })] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                // no 「共 Y 页」: LibreOffice leaves a section's page count (SECTIONPAGES) blank, and the whole file's counts the title page
                children: [new TextRun({ children: ['第 ', PageNumber.CURRENT, ' 页'], size: 18 })],
              }),
            ],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
