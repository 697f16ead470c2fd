import { useState } from 'react';
import { Alert, Button, DatePicker, Input, Popover, Select, Space, Tag, Tooltip } from 'antd';
import { CheckOutlined, EditOutlined, EyeOutlined, LockOutlined, RollbackOutlined, SendOutlined, UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { REVIEW_STATE_LABELS, type BidPresence, type BidTeam, type SectionReviewState } from '@btz/shared';
import { useUser } from '../../stores/user';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { reviewOf, useAssign, useReview } from './hooks';
import './team.css';

export const REVIEW_STATE_COLOR: Record<SectionReviewState, string> = { todo: 'default', submitted: 'processing', approved: 'success', returned: 'error' };

/**
 * Above a section of a team's bid: who writes it (the owner or the admin assigns it here), its review — state, due
 * date, 提交审核 for whoever may edit it, 通过 / 退回 (with a comment) / 重新打开 for the owner or the admin — whether the
 * caller may edit it, and who else has it open now. Nothing for a personal bid nobody else sees.
 */
export function SectionTeamBar({
  bidId,
  nodeId,
  team,
  viewers,
  readOnly,
}: {
  bidId: string;
  nodeId: string;
  team: BidTeam | null;
  viewers: BidPresence['viewers'];
  readOnly: boolean;
}) {
  const me = useUser((s) => s.info?.id ?? '');
  const assign = useAssign(bidId);
  const review = useReview(bidId);
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const here = viewers.filter((v) => v.nodeId === nodeId && v.userId !== me);
  if (!team || (!team.members.length && !here.length)) return null;
  const assigned = team.assignments.find((a) => a.nodeId === nodeId);
  const mine = team.editable === '*' || team.editable.includes(nodeId);
  const r = reviewOf(team, nodeId);
  const isTeam = team.members.length > 0;
  const act = (move: 'submit' | 'approve' | 'return' | 'reopen', comment?: string) =>
    review.move.mutate(
      { nodeId, move, comment },
      {
        onSuccess: () => {
          toast.success({ submit: '已提交审核', approve: '已审核通过，章节已锁定', return: '已退回', reopen: '已重新打开' }[move]);
          if (move === 'return') {
            setNote('');
            setAsking(false);
          }
        },
        onError: (e) => toast.error(errorText(e, '操作失败')),
      },
    );
  return (
    <>
      <div className="team-section-bar" data-testid="section-team-bar">
        {team.canManage && team.members.length ? (
          <span className="team-section-bar__assign">
            <span className="team-muted">负责人</span>
            <Select
              size="small"
              className="team-assign-select"
              data-testid="assign-select"
              value={assigned?.userId ?? ''}
              disabled={readOnly}
              loading={assign.isPending}
              onChange={(userId: string) => assign.mutate({ nodeId, userId })}
              options={[{ value: '', label: '未分配' }, ...team.members.map((m) => ({ value: m.userId, label: m.nickName || '成员' }))]}
              popupMatchSelectWidth={false}
            />
          </span>
        ) : assigned ? (
          <Tag icon={<EditOutlined />}>负责人：{assigned.nickName || '成员'}</Tag>
        ) : null}
        {isTeam ? (
          <Tag color={REVIEW_STATE_COLOR[r.state]} icon={r.state === 'approved' ? <LockOutlined /> : undefined} data-testid="review-state" data-state={r.state}>
            {REVIEW_STATE_LABELS[r.state]}
          </Tag>
        ) : null}
        {isTeam && team.canManage ? (
          <DatePicker
            size="small"
            className="team-due"
            data-testid="due-date"
            placeholder="截止日期"
            value={r.dueDate ? dayjs(r.dueDate) : null}
            disabled={readOnly}
            format="YYYY-MM-DD"
            onChange={(d) => review.due.mutate({ nodeId, dueDate: d ? d.format('YYYY-MM-DD') : '' }, { onError: (e) => toast.error(errorText(e, '设置失败')) })}
          />
        ) : isTeam && r.dueDate ? (
          <Tag>截止 {r.dueDate}</Tag>
        ) : null}
        {isTeam && !readOnly ? (
          <Space size={6}>
            {mine && (r.state === 'todo' || r.state === 'returned') ? (
              <Button size="small" type="primary" icon={<SendOutlined />} loading={review.move.isPending} onClick={() => act('submit')} data-testid="review-submit">
                提交审核
              </Button>
            ) : null}
            {team.canManage && r.state === 'submitted' ? (
              <>
                <Button size="small" type="primary" icon={<CheckOutlined />} loading={review.move.isPending} onClick={() => act('approve')} data-testid="review-approve">
                  通过
                </Button>
                <Popover
                  trigger="click"
                  open={asking}
                  onOpenChange={setAsking}
                  title="退回意见"
                  content={
                    <div className="team-return">
                      <Input.TextArea rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} placeholder="写明需要修改的地方" data-testid="return-comment" />
                      <Button type="primary" danger size="small" disabled={!note.trim()} loading={review.move.isPending} onClick={() => act('return', note.trim())} data-testid="review-return-confirm">
                        退回
                      </Button>
                    </div>
                  }
                >
                  <Button size="small" danger icon={<RollbackOutlined />} data-testid="review-return">
                    退回
                  </Button>
                </Popover>
              </>
            ) : null}
            {team.canManage && r.state === 'approved' ? (
              <Button size="small" icon={<UnlockOutlined />} loading={review.move.isPending} onClick={() => act('reopen')} data-testid="review-reopen">
                重新打开
              </Button>
            ) : null}
          </Space>
        ) : null}
        {!mine ? (
          <Tag icon={<LockOutlined />} color="default" data-testid="section-not-mine">
            {assigned ? `分配给了${assigned.nickName || '其他成员'}，你只能查看` : '未分配给你，只能查看'}
          </Tag>
        ) : null}
        <span className="bid-head__spacer" />
        {here.map((v) => (
          <Tooltip key={v.userId} title={`${v.nickName || '成员'} 正在看这一节`}>
            <Tag icon={<EyeOutlined />} color="green" className="team-viewer" data-testid="section-viewer">
              {v.nickName || '成员'} 正在查看
            </Tag>
          </Tooltip>
        ))}
      </div>
      {isTeam && r.state === 'returned' && r.note ? (
        <Alert className="team-review-note" type="error" showIcon banner message={`${r.byName || '审核人'} 退回：${r.note}`} data-testid="review-note" />
      ) : null}
      {isTeam && r.state === 'approved' ? (
        <Alert className="team-review-note" type="success" showIcon banner message="已审核通过，章节已锁定；如需修改，请标书负责人或团队管理员重新打开。" data-testid="review-locked" />
      ) : null}
    </>
  );
}
