import { useMemo, useState } from 'react';
import { Alert, Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@btz/shared';
import { bidKeys, type BidDetail } from '../api';
import { useWriting } from '../hooks';
import { useBidHealth } from '../health';
import { stageLabel } from '../labels';
import { WritePanel, useWriteActions } from '../WritePanel';
import { sectionStates } from '../writing';
import { needsLot, type PaneTab } from './state';
import { Stepper } from './Stepper';
import { ParseProgress } from './ParseProgress';
import { ParseFailed } from './ParseFailed';
import { LotPicker } from './LotPicker';
import { Panes } from './Panes';
import { WorkspaceHeader } from './WorkspaceHeader';

/** The parsed bid: header, stepper, the writing bar and the panes. */
export function Workspace({ bid, retrying, onRetryParse }: { bid: BidDetail; retrying: boolean; onRetryParse: () => void }) {
  const qc = useQueryClient();
  const readOnly = bid.status === 'finished';
  const writing = useWriting(bid);
  const actions = useWriteActions(bid, writing);
  const [tab, setTab] = useState<PaneTab>(bid.status === 'written' || bid.status === 'finished' ? 'health' : 'card');
  const refresh = () => qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
  const parsing = bid.parse.state === 'queued' || bid.parse.state === 'running';
  const states = useMemo(() => sectionStates(bid.outline ?? [], writing.progress), [bid.outline, writing.progress]);
  const showPanes = !(parsing && !bid.card) && !(bid.parse.state === 'failed' && !bid.card) && !needsLot(bid);
  // a certificate from the data bank that is expired or expires before the deadline (issue 14): warned above the panes,
  // from the stored health result the 内容检查 tab shows (one query)
  const health = useBidHealth(bid.id, bid.status === 'written' || bid.status === 'finished').data;
  const expiring = health?.findings.filter((f) => f.kind === 'certificate-expiry') ?? [];

  const onStep = (i: number) => {
    if (i === 0) setTab('files');
    else if (i === 1 || i === 2) setTab(i === 1 ? 'card' : 'coverage');
    else if (i === 4) setTab('health');
    else if (i === 5) setTab('export');
    else if (i === 3) document.querySelector('[data-testid="write-panel"]')?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div className="bid-ws" data-testid="bid-workspace">
      <WorkspaceHeader bid={bid} readOnly={readOnly} />
      <div className="wb-card bid-ws__steps">
        <Stepper bid={bid} readOnly={readOnly} progress={writing.progress} onStep={onStep} />
      </div>
      {readOnly ? (
        <Alert type="info" showIcon icon={<LockOutlined />} title={TEXT.readOnlyBid} className="bid-ws__banner" data-testid="readonly-banner" />
      ) : null}
      {parsing && bid.card ? (
        <Alert
          type="info"
          showIcon
          className="bid-ws__banner"
          title={`正在重新解析（${stageLabel(bid.parse.stage)} ${Math.round(bid.parse.progress)}%），完成后招标要点与目录会自动更新`}
        />
      ) : null}
      {parsing && !bid.card ? (
        <ParseProgress bid={bid} />
      ) : bid.parse.state === 'failed' && !bid.card ? (
        <ParseFailed bid={bid} onRetry={onRetryParse} retrying={retrying} />
      ) : needsLot(bid) ? (
        <LotPicker bid={bid} onPicked={() => void refresh()} />
      ) : (
        <>
          {bid.parse.state === 'failed' ? (
            <Alert
              type="error"
              showIcon
              className="bid-ws__banner"
              title={`最近一次解析失败：${bid.parse.error ?? ''}`}
              action={
                <Button size="small" loading={retrying} onClick={onRetryParse}>
                  重新解析
                </Button>
              }
            />
          ) : null}
          {showPanes && expiring.length ? (
            <Alert
              type="warning"
              showIcon
              className="bid-ws__banner"
              data-testid="cert-expiry-banner"
              title={`${expiring.length} 份证书在投标截止前到期或已过期`}
              description={expiring.slice(0, 3).map((f, i) => (
                <div key={i}>{f.message}</div>
              ))}
              action={
                <Button size="small" onClick={() => setTab('health')}>
                  查看
                </Button>
              }
            />
          ) : null}
          {showPanes && bid.outline?.length ? <WritePanel bid={bid} writing={writing} states={states} actions={actions} onGoto={setTab} /> : null}
          <Panes
            key={bid.id}
            bid={bid}
            readOnly={readOnly}
            writing={writing}
            tab={tab}
            setTab={setTab}
            onRetry={() => void actions.start(false)}
            retrying={actions.starting}
          />
        </>
      )}
    </div>
  );
}
