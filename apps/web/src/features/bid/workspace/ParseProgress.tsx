import { Button, Progress, Spin } from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LOADING_TIPS } from '@btz/shared';
import { useLoadingTip } from '../../../components/LoadingOverlay';
import { type BidDetail } from '../api';
import { stageLabel } from '../labels';

/** While parsing: progress, stage, the nine loading tips in turn — and the user may leave. */
export function ParseProgress({ bid }: { bid: BidDetail }) {
  const navigate = useNavigate();
  const tip = useLoadingTip(true);
  const pct = Math.max(0, Math.min(100, Math.round(bid.parse.progress)));
  return (
    <div className="wb-card bid-parse" data-testid="parse-progress">
      <div className="bid-parse__title">
        <Spin size="small" /> 正在解析招标文件{bid.parse.state === 'queued' ? '（排队中）' : ''}
      </div>
      <Progress percent={pct} status="active" className="bid-parse__bar" />
      <div className="bid-parse__stage">当前步骤：{stageLabel(bid.parse.stage) || '准备中'}</div>
      <div className="bid-parse__tip" key={tip} aria-live="polite">
        {LOADING_TIPS[tip]}
      </div>
      <div className="bid-parse__leave">
        <CloudSyncOutlined /> 可以离开本页，解析会在后台继续；完成后在「我的标书」中打开即可。
        <Button type="link" onClick={() => navigate('/workbench/historyBook')}>
          去我的标书
        </Button>
      </div>
    </div>
  );
}
