import type { ReactNode } from 'react';
import { Alert, Button, Progress, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import type { DupCheckDetail, DupReport } from '@btz/shared';
import { errorText } from '../bid/hooks';
import { exportCheckXlsx, isRunning, useCheck } from './api';
import './dupcheck.css';

export const reportLink = (path: string, id: string) => `/workbench/tools/${path}?id=${encodeURIComponent(id)}`;

/** A view of one check's report (`?id=`): header with the views and exports, the check loaded, `children` given the report. */
export function ReportFrame({ title, children }: { title: string; children: (report: DupReport, check: DupCheckDetail) => ReactNode }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const check = useCheck(id);
  const go = (path: string) => navigate(reportLink(path, id));
  const d = check.data;
  return (
    <div className="wb-screen dup-screen">
      <div className="dup-head dup-noprint">
        <h1 className="wb-screen__title">
          {title}
          {d ? <span className="dup-head__name">{d.name}</span> : null}
        </h1>
        <div className="dup-head__actions">
          <Button onClick={() => navigate('/workbench/tools/BiddingCheck')}>返回查重</Button>
          {d?.state === 'done' ? (
            <>
              <Button onClick={() => go('ReportView')}>报告</Button>
              <Button onClick={() => go('barChart')}>相似度图表</Button>
              <Button onClick={() => go('components/CheckTableData')}>对比明细</Button>
              <Button onClick={() => go('components/CommonTableData')}>雷同段落</Button>
              <Button onClick={() => go('components/ReportTableData')}>证据明细</Button>
              <Button onClick={() => void exportCheckXlsx(id, d.name).catch(() => undefined)}>导出 Excel</Button>
              <Button type="primary" onClick={() => window.print()}>
                打印 / 导出 PDF
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {d ? <h1 className="dup-print-title">查重报告：{d.name}</h1> : null}
      {!id ? <Alert type="error" showIcon title="缺少查重任务编号" /> : null}
      {check.isLoading ? <Spin /> : null}
      {check.error ? <Alert type="error" showIcon title={errorText(check.error, '查重报告加载失败')} /> : null}
      {d && d.state !== 'done' ? (
        <Alert type={d.state === 'failed' ? 'error' : 'info'} showIcon title={d.state === 'failed' ? `查重失败：${d.error ?? ''}` : `查重进行中（${d.progress}%），完成后显示报告`} />
      ) : null}
      {d && isRunning(d.state) ? (
        <Progress className="dup-running" data-testid="check-progress" percent={d.progress} status="active" format={(p) => (d.state === 'queued' ? '排队中' : `${p}%`)} />
      ) : null}
      {d?.state === 'done' && d.report ? children(d.report, d) : null}
    </div>
  );
}
