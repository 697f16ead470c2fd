import { Steps } from 'antd';
import { type WriteProgress } from '@btz/shared';
import { type BidDetail } from '../api';
import { currentStep, stepViews } from '../writing';
import { needsLot } from './state';

/** Where the bid is on the stepper (上传招标文件 → 解析 → 目录 → 生成全文 → 检查 → 导出). */
function stepOf(bid: BidDetail): { current: number; status: 'process' | 'error' | 'finish' | 'wait' } {
  if (bid.parse.state === 'failed') return { current: 1, status: 'error' };
  if (bid.parse.state !== 'done' || needsLot(bid)) return { current: 1, status: 'process' };
  if (!bid.outline?.length) return { current: 2, status: 'process' };
  return { current: currentStep(bid.status), status: bid.status === 'finished' ? 'finish' : 'process' };
}

export function Stepper({
  bid,
  readOnly,
  progress,
  onStep,
}: {
  bid: BidDetail;
  readOnly: boolean;
  progress: WriteProgress | null;
  onStep: (step: number) => void;
}) {
  const { current, status } = stepOf(bid);
  const ready = !!bid.outline?.length && !needsLot(bid);
  const views = stepViews(ready ? bid.status : 'parsed', progress);
  const step = (title: string, v: { enabled: boolean; content: string }) => ({ title, content: v.content, disabled: !v.enabled });
  return (
    <Steps
      className="bid-steps"
      size="small"
      current={current}
      status={status}
      onChange={onStep}
      items={[
        { title: '上传招标文件', content: `${bid.files.length} 个文件` },
        {
          title: '解析',
          content:
            bid.parse.state === 'failed'
              ? '解析失败'
              : needsLot(bid)
                ? '请选择标段'
                : bid.parse.state === 'done'
                  ? '已完成'
                  : `${Math.round(bid.parse.progress)}%`,
        },
        { title: '目录', content: readOnly ? '只读' : bid.status === 'writing' ? '编写中锁定' : bid.outline?.length ? '可编辑' : '待生成' },
        step('生成全文', views.write),
        step('检查', views.check),
        step('导出', views.export),
      ]}
    />
  );
}
