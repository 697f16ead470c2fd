/**
 * The report's detail tables (issue 15), used on the report and as routed views of it
 * (/workbench/tools/components/CheckTableData, CommonTableData, ReportTableData — `?id=`):
 * CheckTable every pair with its six dimensions, CommonTable the shared passages side by side with the shared runs
 * highlighted, ReportTable the evidence (metadata, pictures, tell-tale errors, prices, matching headings).
 */
import { useState } from 'react';
import { Button, Modal, Table, Tag } from 'antd';
import { DUP_BASIS_LABEL, DUP_DIMENSIONS, DUP_DIMENSION_LABEL, DUP_RISK_LABEL, type DupFinding, type DupPairResult, type DupPassage, type DupReport, type DupRing, type DupRisk, type DupSentenceMatch } from '@btz/shared';
import { Highlighted, RISK_COLOR, RiskTag } from './risk';

const pairName = (r: DupReport, a: number, b: number) => `${r.files[a]!.name} ↔ ${r.files[b]!.name}`;

export function CheckTable({ report }: { report: DupReport }) {
  const rows = [...report.pairs].sort((x, y) => y.score - x.score);
  const [open, setOpen] = useState<DupPairResult | null>(null);
  return (
    <>
      <SentencesModal report={report} pair={open} onClose={() => setOpen(null)} />
      <Table
        rowKey={(p) => `${p.a}-${p.b}`}
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 1000 }}
        data-testid="check-table"
        columns={[
          { title: '文件 A', render: (_, p) => report.files[p.a]!.name, ellipsis: true, width: 180 },
          { title: '文件 B', render: (_, p) => report.files[p.b]!.name, ellipsis: true, width: 180 },
          { title: '综合', dataIndex: 'score', width: 70, render: (s: number) => `${s} 分` },
          { title: '风险', dataIndex: 'risk', width: 90, render: (r: DupRisk) => <RiskTag risk={r} /> },
          ...DUP_DIMENSIONS.map((d) => ({
            title: DUP_DIMENSION_LABEL[d],
            key: d,
            width: 96,
            render: (_: unknown, p: DupReport['pairs'][number]) => (
              <Tag color={RISK_COLOR[p.risks[d]]}>
                {DUP_RISK_LABEL[p.risks[d]]}
                {d === 'text' || d === 'outline' ? ` ${p.scores[d]}%` : ''}
              </Tag>
            ),
          })),
          {
            title: '雷同句（相同/近似）',
            width: 140,
            render: (_, p) =>
              p.matched.verbatim + p.matched.near ? (
                <Button type="link" size="small" className="dup-count" data-testid="sentences-open" onClick={() => setOpen(p)}>
                  {p.matched.verbatim} / {p.matched.near}
                </Button>
              ) : (
                '0 / 0'
              ),
          },
        ]}
      />
    </>
  );
}

/** Every shared sentence of a pair, side by side — what its 雷同句 count counts (down-weighted ones labelled). */
function SentencesModal({ report, pair, onClose }: { report: DupReport; pair: DupPairResult | null; onClose: () => void }) {
  if (!pair) return null;
  const total = pair.matched.verbatim + pair.matched.near;
  return (
    <Modal open width={1100} title={`雷同句：${pairName(report, pair.a, pair.b)}`} onCancel={onClose} footer={null} destroyOnHidden>
      <div className="dup-muted dup-sentences-note" data-testid="sentences-note">
        相同 {pair.matched.verbatim} 句，近似 {pair.matched.near} 句{pair.matched.low ? `，其中 ${pair.matched.low} 句为常用表述或法定条款（降权，不计入风险）` : ''}
        {pair.sentences.length < total ? `；列出前 ${pair.sentences.length} 句` : ''}
      </div>
      <SentenceTable report={report} pair={pair} />
    </Modal>
  );
}

export function SentenceTable({ report, pair }: { report: DupReport; pair: DupPairResult }) {
  return (
    <Table<DupSentenceMatch & { key: number }>
      rowKey="key"
      size="small"
      data-testid="sentence-table"
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      dataSource={pair.sentences.map((s, key) => ({ ...s, key }))}
      columns={[
        {
          title: '类型',
          width: 150,
          render: (_, s) => (
            <div>
              <Tag color={s.kind === 'verbatim' ? 'error' : 'warning'}>{s.kind === 'verbatim' ? '相同' : '近似'}</Tag>
              <span className="dup-muted">{Math.round(s.similarity * 100)}%</span>
              {s.basis !== 'own' ? <div className="dup-basis">{DUP_BASIS_LABEL[s.basis]}</div> : null}
            </div>
          ),
        },
        { title: report.files[pair.a]!.name, render: (_, s) => <SentenceCell side={s.a} /> },
        { title: report.files[pair.b]!.name, render: (_, s) => <SentenceCell side={s.b} /> },
      ]}
    />
  );
}

function SentenceCell({ side }: { side: DupSentenceMatch['a'] }) {
  return (
    <div>
      <div className="dup-loc">
        第 {side.page} 页 {side.section}
      </div>
      <span className="dup-text">{side.text}</span>
    </div>
  );
}

/**
 * 多家共有: rings — three bids or more that share the same sentences, each shared sentence shown in every bid of the
 * ring side by side; text most bids share is listed too, labelled and down-weighted.
 */
export function RingTable({ report }: { report: DupReport }) {
  return (
    <Table<DupRing & { key: string }>
      rowKey="key"
      size="small"
      data-testid="ring-table"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      dataSource={report.rings.map((r) => ({ ...r, key: `${r.basis}:${r.files.join(',')}` }))}
      locale={{ emptyText: '没有发现三家及以上投标文件共有的内容' }}
      expandable={{
        expandedRowRender: (r) => (
          <table className="dup-ring">
            <thead>
              <tr>
                {r.files.map((f) => (
                  <th key={f}>{report.files[f]!.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.groups.map((g, i) => (
                <tr key={i}>
                  {g.texts.map((x) => (
                    <td key={x.file}>
                      <div className="dup-loc">
                        第 {x.page} 页 {x.section}
                      </div>
                      <span className="dup-text">{x.text}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ),
      }}
      columns={[
        {
          title: '共有的投标文件',
          render: (_, r) => (
            <div className="dup-ring-files">
              {r.files.map((f) => (
                <Tag key={f}>{report.files[f]!.name}</Tag>
              ))}
            </div>
          ),
        },
        { title: '家数', width: 70, render: (_, r) => `${r.files.length} 家` },
        { title: '共有句数', width: 90, render: (_, r) => `${r.sentences} 句` },
        {
          title: '风险',
          width: 200,
          render: (_, r) => (
            <span>
              <RiskTag risk={r.risk} />
              {r.basis !== 'own' ? <span className="dup-basis">{DUP_BASIS_LABEL[r.basis]}</span> : null}
            </span>
          ),
        },
      ]}
    />
  );
}

interface PassageRow extends DupPassage {
  key: string;
  pair: string;
}

export function CommonTable({ report, limit, pair }: { report: DupReport; limit?: number; pair?: [number, number] }) {
  let rows: PassageRow[] = report.pairs
    .filter((p) => !pair || (p.a === pair[0] && p.b === pair[1]))
    .flatMap((p) => p.passages.map((s, i) => ({ ...s, key: `${p.a}-${p.b}-${i}`, pair: pairName(report, p.a, p.b) })));
  rows.sort((x, y) => y.chars - x.chars);
  if (limit) rows = rows.slice(0, limit);
  return (
    <Table<PassageRow>
      rowKey="key"
      size="small"
      pagination={limit ? false : { pageSize: 20, hideOnSinglePage: true }}
      dataSource={rows}
      locale={{ emptyText: '没有发现雷同段落' }}
      data-testid="common-table"
      columns={[
        {
          title: '文件对',
          dataIndex: 'pair',
          width: 170,
          render: (v: string, s) => (
            <div>
              <div>{v}</div>
              <Tag color={s.kind === 'verbatim' ? 'error' : 'warning'}>{s.kind === 'verbatim' ? '原文照抄' : '改写雷同'}</Tag>
              <span className="dup-muted">{Math.round(s.similarity * 100)}%</span>
            </div>
          ),
        },
        {
          title: '文件 A 原文',
          render: (_, s) => (
            <div>
              <div className="dup-loc">
                第 {s.a.page} 页 {s.a.section}
              </div>
              <Highlighted text={s.a.text} marks={s.a.marks} />
            </div>
          ),
        },
        {
          title: '文件 B 原文',
          render: (_, s) => (
            <div>
              <div className="dup-loc">
                第 {s.b.page} 页 {s.b.section}
              </div>
              <Highlighted text={s.b.text} marks={s.b.marks} />
            </div>
          ),
        },
      ]}
    />
  );
}

interface EvidenceRow {
  key: string;
  pair: string;
  dimension: string;
  level: DupRisk;
  title: string;
  a: string;
  b: string;
}

export function ReportTable({ report }: { report: DupReport }) {
  const rows: EvidenceRow[] = report.pairs.flatMap((p) => [
    ...p.findings.map((f: DupFinding, i) => ({ key: `${p.a}-${p.b}-f${i}`, pair: pairName(report, p.a, p.b), dimension: DUP_DIMENSION_LABEL[f.dimension], level: f.level, title: f.title, a: f.a, b: f.b })),
    ...(p.risks.outline === 'high' || p.risks.outline === 'medium'
      ? [{ key: `${p.a}-${p.b}-o`, pair: pairName(report, p.a, p.b), dimension: DUP_DIMENSION_LABEL.outline, level: p.risks.outline, title: `${p.outline.length} 个标题相同或近似且顺序一致`, a: p.outline.slice(0, 8).map((o) => o.a).join('；'), b: p.outline.slice(0, 8).map((o) => o.b).join('；') }]
      : []),
  ]);
  const rank: Record<DupRisk, number> = { high: 0, medium: 1, low: 2, none: 3 };
  rows.sort((x, y) => rank[x.level] - rank[y.level]);
  return (
    <Table<EvidenceRow>
      rowKey="key"
      size="small"
      pagination={{ pageSize: 30, hideOnSinglePage: true }}
      dataSource={rows}
      locale={{ emptyText: '没有发现文件属性、图片、特征错误或报价方面的雷同' }}
      data-testid="report-table"
      columns={[
        { title: '文件对', dataIndex: 'pair', width: 200 },
        { title: '维度', dataIndex: 'dimension', width: 90 },
        { title: '风险', dataIndex: 'level', width: 80, render: (r: DupRisk) => <RiskTag risk={r} /> },
        { title: '发现', dataIndex: 'title', width: 220 },
        { title: 'A 中', dataIndex: 'a', ellipsis: true },
        { title: 'B 中', dataIndex: 'b', ellipsis: true },
      ]}
    />
  );
}
