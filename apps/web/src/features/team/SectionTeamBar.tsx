import { Select, Tag, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import type { BidPresence, BidTeam } from '@btz/shared';
import { useUser } from '../../stores/user';
import { canEditSection, useAssign } from './hooks';
import './team.css';

/**
 * Above a section of a team's bid: who writes it (the owner or the admin assigns it here), whether the caller may edit
 * it, and who else has it open now. Nothing for a personal bid nobody else sees.
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
  const here = viewers.filter((v) => v.nodeId === nodeId && v.userId !== me);
  if (!team || (!team.members.length && !here.length)) return null;
  const assigned = team.assignments.find((a) => a.nodeId === nodeId);
  const mine = canEditSection(team, nodeId);
  return (
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
  );
}
