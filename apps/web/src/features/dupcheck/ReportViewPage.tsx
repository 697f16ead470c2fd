import { Progress, Tag } from 'antd';
import { DUP_DIMENSIONS, DUP_DIMENSION_LABEL, DUP_RISK_LABEL, type DupRisk } from '@btz/shared';
import { Link } from 'react-router';
import { ReportFrame, reportLink } from './ReportFrame';
import { RISK_COLOR, RiskTag } from './risk';
import { CheckTable, CommonTable, ReportTable, RingTable } from './tables';
import { formatTime } from '../../lib/time';

const GAUGE: Record<DupRisk, string> = { high: '#cf1322', medium: '#d48806', low: '#d4b106', none: '#389e0d' };

/** /workbench/tools/ReportView?id=: the overall gauge, the dimensions, the files, the pairs, the top passages, the evidence. */
export function ReportViewPage() {
  return (
    <ReportFrame title="查重报告">
      {(r, check) => (
        <>
          <div className="wb-card dup-card dup-summary" data-testid="report-summary">
            <Progress type="dashboard" percent={r.score} strokeColor={GAUGE[r.risk]} format={(p) => <span className="dup-gauge" style={{ color: GAUGE[r.risk] }}>{p}<small>分</small></span>} size={150} />
            <div className="dup-summary__body">
              <div className="dup-summary__risk">
                总体风险 <RiskTag risk={r.risk} />
                <span className="dup-muted">生成于 {formatTime(check.createTime)}</span>
              </div>
              <div className="dup-dims">
                {DUP_DIMENSIONS.map((d) => (
                  <Tag key={d} color={RISK_COLOR[r.dimensions[d]]}>
                    {DUP_DIMENSION_LABEL[d]}：{DUP_RISK_LABEL[r.dimensions[d]]}
                  </Tag>
                ))}
              </div>
              <ul className="dup-filelist">
                {r.files.map((f) => (
                  <li key={f.name}>
                    <Tag>{f.role === 'tender' ? '招标文件' : '投标文件'}</Tag>
                    {f.name}
                    <span className="dup-muted">
                      {f.pages} 页，{f.sentences} 句{f.role === 'bid' && f.tenderSentences ? `，${f.tenderSentences} 句来自招标文件、不计入` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="wb-card dup-card">
            <h2 className="dup-h2">两两对比</h2>
            <CheckTable report={r} />
          </div>
          <div className="wb-card dup-card" data-testid="ring-card">
            <h2 className="dup-h2">
              多家共有（疑似围标）
              <span className="dup-muted">三家及以上投标文件共有的句子，展开逐家对照</span>
            </h2>
            <RingTable report={r} />
          </div>
          <div className="wb-card dup-card">
            <h2 className="dup-h2">
              雷同段落（最长的 10 段）
              <Link className="dup-more dup-noprint" to={reportLink('components/CommonTableData', check.id)}>
                查看全部
              </Link>
            </h2>
            <CommonTable report={r} limit={10} />
          </div>
          <div className="wb-card dup-card">
            <h2 className="dup-h2">证据明细</h2>
            <ReportTable report={r} />
          </div>
        </>
      )}
    </ReportFrame>
  );
}
