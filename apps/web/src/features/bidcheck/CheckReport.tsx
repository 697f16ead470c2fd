import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Popconfirm, Progress, Segmented, Table, Tag } from 'antd';
import { FileExcelOutlined, PrinterOutlined, ReloadOutlined, ToolOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BID_CHECK_KIND_LABELS, BID_CHECK_RULE_LABELS, BID_CHECK_SEVERITY_LABELS, HEALTH_PASSING_SCORE, type BidCheckKind, type BidCheckMessage, type BidCheckSeverity } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { onRealtime } from '../../realtime';
import { errorText } from '../bid/hooks';
import { workspaceHref } from '../bid/labels';
import { bidCheckKeys, checkWrittenBid, downloadCheckXlsx, fetchCheck, fixCheck, retryCheck, type BidCheckDetail, type BidCheckFinding, type BidCheckReport } from './api';
import { StateTag } from './RecentChecks';
import { formatTime } from '../../lib/time';

const SEVERITY_COLOR: Record<BidCheckSeverity, string> = { high: 'red', medium: 'orange', low: 'default' };

/** A check's report (inside the hub: ?tool=…&id=…): its progress while it runs, then the findings; print, Excel, 一键修复. */
export function CheckReport({ id, kind }: { id: string; kind: BidCheckKind }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: bidCheckKeys.detail(id),
    queryFn: () => fetchCheck(id),
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'queued' || query.state.data.state === 'running') ? 1000 : false),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const d = q.data;
  // realtime `bid.check`: the bar moves at once; the end fetches the report (the poll stays the fallback)
  useEffect(
    () =>
      onRealtime('bid.check', (msg) => {
        const m = msg.data as BidCheckMessage | null;
        if (!m || m.checkId !== id) return;
        if (m.state === 'done' || m.state === 'failed') void qc.invalidateQueries({ queryKey: bidCheckKeys.detail(id) });
        else qc.setQueryData<BidCheckDetail>(bidCheckKeys.detail(id), (old) => (old ? { ...old, state: m.state, progress: m.progress } : old));
      }),
    [id, qc],
  );
  const open = (next: string) => navigate(`/workbench/BiddingTool?tool=${kind}&id=${encodeURIComponent(next)}`);

  const retry = async () => {
    setBusy('retry');
    try {
      await retryCheck(id);
      await qc.invalidateQueries({ queryKey: bidCheckKeys.detail(id) });
    } catch (e) {
      toast.error(errorText(e, '重试失败'));
    } finally {
      setBusy(null);
    }
  };
  const fix = async (detail: BidCheckDetail) => {
    setBusy('fix');
    try {
      const r = await fixCheck(id);
      toast.success(r.message);
      // check again: the report of the fixed bid
      if (detail.bidId) open((await checkWrittenBid(detail.bidId)).id);
      await qc.invalidateQueries({ queryKey: bidCheckKeys.all });
    } catch (e) {
      toast.error(errorText(e, '修复失败，请稍后重试'));
    } finally {
      setBusy(null);
    }
  };
  const excel = async (detail: BidCheckDetail) => {
    setBusy('excel');
    try {
      await downloadCheckXlsx(id, detail.fileName, detail.kind);
    } catch {
      // the download helper has shown why
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="wb-screen bc-report-screen" data-testid="check-report">
      <div className="bc-head bc-noprint">
        <h1 className="wb-screen__title">{BID_CHECK_KIND_LABELS[kind]}报告</h1>
        <div className="bc-actions">
          {d?.state === 'done' ? (
            <>
              {d.source === 'bid' && d.report?.findings.some((f) => f.fixable) ? (
                <Popconfirm
                  title="一键修复"
                  description="将删除或替换各章节中的投标人名称、人员姓名、电话等，并取消突出显示；导出字体字号按招标要求设置。修改会保存为新版本。"
                  okText="修复"
                  cancelText="取消"
                  onConfirm={() => void fix(d)}
                >
                  <Button type="primary" icon={<ToolOutlined />} loading={busy === 'fix'} data-testid="check-fix">
                    一键修复
                  </Button>
                </Popconfirm>
              ) : null}
              <Button icon={<FileExcelOutlined />} loading={busy === 'excel'} onClick={() => void excel(d)} data-testid="check-excel">
                导出 Excel
              </Button>
              <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="check-print">
                打印 / 保存为 PDF
              </Button>
            </>
          ) : null}
          <Button onClick={() => navigate(`/workbench/BiddingTool?tool=${kind}`)}>新的检查</Button>
          <Button onClick={() => navigate('/workbench/BiddingTool')}>返回标书工具</Button>
        </div>
      </div>
      {q.error ? <Alert type="error" showIcon title={errorText(q.error, '检查报告读取失败')} /> : null}
      {d && (d.state === 'queued' || d.state === 'running') ? (
        <div className="wb-card bc-card" data-testid="check-progress">
          <p>
            正在检查「{d.fileName}」{d.state === 'queued' ? '（排队中）' : ''}，可以离开此页，稍后在「最近的检查报告」中查看。
          </p>
          <Progress percent={d.progress} status="active" />
        </div>
      ) : null}
      {d?.state === 'failed' ? (
        <div className="wb-card bc-card">
          <Alert type="error" showIcon title={`检查失败：${d.error ?? '请重试'}`} data-testid="check-failed" />
          <Button className="bc-retry" icon={<ReloadOutlined />} loading={busy === 'retry'} onClick={() => void retry()}>
            重新检查
          </Button>
        </div>
      ) : null}
      {d?.state === 'done' && d.report ? <ReportBody d={d} report={d.report} /> : null}
    </div>
  );
}

function rulesText(report: BidCheckReport): string[] {
  const f = report.rules?.format;
  if (!f) return [];
  return [
    f.font && `字体 ${f.font}`,
    f.sizeName && `字号 ${f.sizeName}`,
    f.lineSpacing && `行距 ${f.lineSpacing.text}`,
    f.paper && `纸张 ${f.paper}`,
    f.marginCm !== undefined && `页边距 ${f.marginCm} 厘米`,
    f.maxPages && `不超过 ${f.maxPages} 页`,
    f.blackText && '文字为黑色',
    f.noHeaderFooter && '不设页眉页脚',
  ].filter((x): x is string => !!x);
}

function ReportBody({ d, report }: { d: BidCheckDetail; report: BidCheckReport }) {
  const [filter, setFilter] = useState<'all' | BidCheckSeverity>('all');
  const rows = useMemo(() => (filter === 'all' ? report.findings : report.findings.filter((f) => f.severity === filter)), [filter, report.findings]);
  const rules = rulesText(report);
  return (
    <>
      <div className="wb-card bc-card bc-summary" data-testid="check-summary">
        <div className="bc-summary__head">
          <h2>
            {BID_CHECK_KIND_LABELS[report.kind]}：{report.fileName}
          </h2>
          <StateTag r={d} />
        </div>
        <dl className="bc-facts">
          <dt>招标项目</dt>
          <dd>{report.tenderName ?? '未选择'}</dd>
          {report.pageCount ? (
            <>
              <dt>页数</dt>
              <dd>{report.pageCount} 页</dd>
            </>
          ) : null}
          <dt>检查时间</dt>
          <dd>{formatTime(d.createTime)}</dd>
          <dt>问题</dt>
          <dd>
            <Tag color="red">严重 {report.counts.high}</Tag>
            <Tag color="orange">一般 {report.counts.medium}</Tag>
            <Tag>提示 {report.counts.low}</Tag>
          </dd>
          {report.score !== undefined ? (
            <>
              <dt>内容健康分</dt>
              <dd data-testid="check-score">
                <b style={{ color: report.score >= HEALTH_PASSING_SCORE ? '#389e0d' : '#cf1322' }}>{report.score} 分</b>
                {report.capped ? <span className="bc-muted">（{report.capped.reasons.join('；')}）</span> : null}
              </dd>
            </>
          ) : null}
          {report.coverage ? (
            <>
              <dt>评分项响应</dt>
              <dd>
                {report.coverage.answered} / {report.coverage.total} 项
              </dd>
            </>
          ) : null}
          {report.kind === 'anonymity' ? (
            <>
              <dt>暗标要求</dt>
              <dd data-testid="check-rules">
                {report.rules?.required ? <Tag color="blue">招标文件要求暗标{report.rules.scope ? `（${report.rules.scope}）` : ''}</Tag> : <Tag>按暗标通用规则</Tag>}
                {rules.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </dd>
            </>
          ) : null}
        </dl>
        {report.rules?.clauses.length ? (
          <ul className="bc-clauses">
            {report.rules.clauses.map((c) => (
              <li key={c.id}>
                <span className="bc-muted">招标文件第 {c.source.page} 页：</span>
                {c.text}
              </li>
            ))}
          </ul>
        ) : null}
        {report.notes.map((n) => (
          <Alert key={n} type="info" showIcon className="bc-note" title={n} />
        ))}
      </div>
      <div className="wb-card bc-card">
        <div className="bc-findings__bar bc-noprint">
          <Segmented
            value={filter}
            onChange={(v) => setFilter(v as typeof filter)}
            options={[
              { value: 'all', label: `全部 ${report.findings.length}` },
              { value: 'high', label: `严重 ${report.counts.high}` },
              { value: 'medium', label: `一般 ${report.counts.medium}` },
              { value: 'low', label: `提示 ${report.counts.low}` },
            ]}
          />
        </div>
        {report.findings.length === 0 ? (
          <Alert type="success" showIcon title={report.kind === 'anonymity' ? '未发现违反暗标要求的内容' : '未发现废标风险'} />
        ) : (
          <Table<BidCheckFinding>
            className="bc-table"
            data-testid="check-findings"
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: '序号', key: 'n', width: 56, render: (_v, _f, i) => i + 1 },
              { title: '严重程度', dataIndex: 'severity', width: 84, render: (s: BidCheckSeverity) => <Tag color={SEVERITY_COLOR[s]}>{BID_CHECK_SEVERITY_LABELS[s]}</Tag> },
              { title: '类别', dataIndex: 'rule', width: 110, render: (r: string) => BID_CHECK_RULE_LABELS[r] ?? r },
              {
                title: d.source === 'bid' ? '位置' : '页码',
                key: 'page',
                width: d.source === 'bid' ? 140 : 96,
                render: (_v, f) =>
                  f.page !== null ? (
                    <span>
                      第 {f.page} 页{f.pages?.length ? <span className="bc-muted"> 等 {f.pages.length + 1} 页</span> : null}
                    </span>
                  ) : f.nodeId && d.bidId ? (
                    <a href={workspaceHref(d.bidId)} title="打开标书编写">
                      {f.section ?? '到章节'}
                    </a>
                  ) : (
                    <span className="bc-muted">全文</span>
                  ),
              },
              { title: '原文', dataIndex: 'excerpt', width: 220, render: (e?: string) => (e ? <span className="bc-excerpt">{e}</span> : null) },
              { title: '问题', dataIndex: 'message' },
              { title: '修改建议', dataIndex: 'fix', width: 200 },
            ]}
          />
        )}
      </div>
    </>
  );
}
