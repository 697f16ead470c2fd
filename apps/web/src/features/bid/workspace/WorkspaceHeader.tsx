import { Select, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@btz/shared';
import { confirmDialog } from '../../../lib/dialogs';
import { toast } from '../../../lib/feedback';
import { bidKeys, renameBid, selectLot, type BidDetail } from '../api';
import { errorText, isParsing } from '../hooks';
import { BID_STATUS_COLOR, BID_STATUS_LABEL, BID_TYPE_LABEL } from '../labels';
import { formatTime } from '../../../lib/time';
import { ReviewSummary } from '../../team/ReviewSummary';

export function WorkspaceHeader({ bid, readOnly }: { bid: BidDetail; readOnly: boolean }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
  const rename = async (name: string) => {
    const v = name.trim();
    if (!v || v === bid.name) return;
    try {
      await renameBid(bid.id, v);
      await refresh();
      void qc.invalidateQueries({ queryKey: ['bid', 'list'] });
    } catch (e) {
      toast.error(errorText(e, '重命名失败'));
    }
  };
  const changeLot = async (lot: string) => {
    const ok = await confirmDialog('更换标段会重新提取招标要点并重新生成目录，手动修改的目录将丢失。确定更换吗？');
    if (!ok) return;
    try {
      await selectLot(bid.id, lot);
      await refresh();
    } catch (e) {
      toast.error(errorText(e, '更换标段失败'));
    }
  };
  const offline = bid.writer === 'offline' || bid.card?.writer === 'offline';
  return (
    <div className="bid-head">
      <Typography.Title
        level={4}
        className="bid-head__name"
        editable={readOnly ? false : { onChange: (v) => void rename(v), tooltip: '重命名标书', maxLength: 100 }}
      >
        {bid.name || '未命名标书'}
      </Typography.Title>
      <Tag color="blue">{BID_TYPE_LABEL[bid.bidType] ?? '普通版'}</Tag>
      <Tag color={BID_STATUS_COLOR[bid.status]}>{BID_STATUS_LABEL[bid.status] ?? bid.status}</Tag>
      {offline ? (
        <Tooltip title="未接入大模型：招标要点与目录由规则引擎从原文中提取，请对照页码核对；接入大模型后可获得更完整的结果。">
          <Tag color="gold" data-testid="offline-badge">
            {TEXT.offlineMode}
          </Tag>
        </Tooltip>
      ) : null}
      {readOnly ? (
        <Tag icon={<LockOutlined />} color="default">
          只读
        </Tag>
      ) : null}
      <ReviewSummary bidId={bid.id} outline={bid.outline} finished={bid.status === 'finished'} />
      <span className="bid-head__spacer" />
      {bid.lots.length > 1 && bid.lot ? (
        <span className="bid-head__lot">
          标段：
          <Select
            size="small"
            value={bid.lot}
            disabled={readOnly || isParsing(bid)}
            onChange={(v) => void changeLot(v)}
            options={bid.lots.map((l) => ({ value: l.id, label: l.name }))}
            style={{ minWidth: 160 }}
          />
        </span>
      ) : null}
      <span className="bid-muted bid-small">更新于 {formatTime(bid.updateTime)}</span>
    </div>
  );
}
