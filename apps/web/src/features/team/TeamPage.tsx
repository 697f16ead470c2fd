import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Popconfirm, QRCode, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { CopyOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { PHONE_PATTERN } from '@btz/shared';
import { userCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { toast } from '../../lib/feedback';
import { refreshUserInfo } from '../../stores/user';
import {
  fetchInvitations,
  fetchTeam,
  invitePhone,
  joinTeam,
  leaveTeam,
  removeMember,
  renewLink,
  revokeInvite,
  teamKeys,
  transferAdmin,
  type TeamDetail,
  type TeamMember,
} from './api';
import { WinRateCard } from './WinRateCard';
import './team.css';
import { formatTime } from '../../lib/time';

/**
 * 团队 (`/workbench/team`): the caller's enterprise team. The admin invites by phone or by the join link (with its QR),
 * removes members and hands over the role; a member sees who is in the team and may leave. `?join={code}` is the join
 * link: the invited person (logged in) sees the team and joins.
 */
export function TeamPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const code = params.get('join') ?? '';
  const team = useQuery({ queryKey: teamKeys.detail, queryFn: fetchTeam, staleTime: 0 });
  const invitations = useQuery({ queryKey: teamKeys.invitations(code), queryFn: () => fetchInvitations(code), staleTime: 0, retry: false });
  const after = async (d?: TeamDetail | void) => {
    if (d) qc.setQueryData(teamKeys.detail, d);
    else await qc.invalidateQueries({ queryKey: teamKeys.detail });
    await qc.invalidateQueries({ queryKey: ['team', 'invitations'] });
    await refreshUserInfo();
  };
  const join = useMutation({
    mutationFn: joinTeam,
    onSuccess: async (d) => {
      toast.success(`已加入「${d.name}」`);
      if (code) setParams({}, { replace: true });
      await after(d);
    },
  });

  if (team.isLoading) return <Skeleton active />;
  const open = invitations.data ?? [];
  return (
    <div className="team-page">
      {open.length > 0 && (
        <Card className="team-card" title="团队邀请">
          {open.map((i) => (
            <div className="team-invitation" key={i.code}>
              <span>
                <b>{i.inviterName || '团队管理员'}</b> 邀请你加入 <b>{i.teamName}</b>
              </span>
              <Button type="primary" loading={join.isPending} onClick={() => join.mutate(i.code)}>
                加入团队
              </Button>
            </div>
          ))}
          {team.data && <Alert type="warning" showIcon title="加入新团队前，需先退出当前团队（管理员需先移交管理员）。" />}
        </Card>
      )}
      {invitations.isError && code && <Alert type="error" showIcon title="邀请不存在或已失效，请向团队管理员索取新的邀请链接。" />}
      {team.data ? <TeamPanel team={team.data} onChanged={after} /> : <NoTeam onChanged={after} hasInvites={open.length > 0} />}
      {team.data ? <WinRateCard /> : null}
    </div>
  );
}

function NoTeam({ onChanged, hasInvites }: { onChanged: () => Promise<void>; hasInvites: boolean }) {
  const create = useMutation({
    mutationFn: () => callApi(userCalls.switchRole, { query: { loginRole: 1 } }),
    onSuccess: () => onChanged(),
  });
  return (
    <Card className="team-card">
      <Result
        icon={<TeamOutlined />}
        title="你还没有加入企业团队"
        subTitle={
          hasInvites
            ? '接受上方的邀请即可加入团队，与同事共用企业会员和标书份数，一起编写标书。'
            : '切换为企业身份即可创建团队并成为管理员；或请团队管理员用你的手机号邀请你。'
        }
        extra={
          <Button type="primary" loading={create.isPending} onClick={() => create.mutate()}>
            切换为企业身份，创建团队
          </Button>
        }
      />
    </Card>
  );
}

function TeamPanel({ team, onChanged }: { team: TeamDetail; onChanged: (d?: TeamDetail | void) => Promise<void> }) {
  const [phone, setPhone] = useState('');
  const invite = useMutation({
    mutationFn: () => invitePhone(phone.trim()),
    onSuccess: async () => {
      toast.success('邀请已发出，对方用该手机号登录后即可加入');
      setPhone('');
      await onChanged();
    },
  });
  const link = useMutation({ mutationFn: renewLink, onSuccess: (d) => onChanged(d) });
  const revoke = useMutation({ mutationFn: revokeInvite, onSuccess: () => onChanged() });
  const remove = useMutation({ mutationFn: removeMember, onSuccess: (d) => onChanged(d) });
  const transfer = useMutation({ mutationFn: transferAdmin, onSuccess: (d) => onChanged(d) });
  const leave = useMutation({ mutationFn: leaveTeam, onSuccess: () => onChanged() });
  const phoneOk = PHONE_PATTERN.test(phone.trim());

  const columns = [
    { title: '成员', dataIndex: 'nickName', render: (v: string, m: TeamMember) => <span className="team-member-name">{v || m.maskPhone}</span> },
    { title: '手机号', dataIndex: 'maskPhone' },
    { title: '角色', dataIndex: 'role', render: (r: TeamMember['role']) => (r === 'admin' ? <Tag color="blue">管理员</Tag> : <Tag>成员</Tag>) },
    { title: '加入时间', dataIndex: 'joinTime', render: formatTime },
    ...(team.isAdmin
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, m: TeamMember) =>
              m.role === 'admin' ? null : (
                <Space>
                  <Popconfirm title={`把管理员移交给「${m.nickName || m.maskPhone}」？`} description="移交后你将成为普通成员。" onConfirm={() => transfer.mutate(m.userId)}>
                    <Button size="small">移交管理员</Button>
                  </Popconfirm>
                  <Popconfirm title={`把「${m.nickName || m.maskPhone}」移出团队？`} description="TA 分到的章节会收回。" onConfirm={() => remove.mutate(m.userId)}>
                    <Button size="small" danger>
                      移除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card
        className="team-card"
        title={
          <span>
            <TeamOutlined /> {team.name}
            <span className="team-count">共 {team.members.length} 人</span>
          </span>
        }
        extra={
          !team.isAdmin && (
            <Popconfirm title="退出团队？" description="退出后将看不到团队的标书，并回到个人身份。" onConfirm={() => leave.mutate()}>
              <Button>退出团队</Button>
            </Popconfirm>
          )
        }
      >
        <Table rowKey="userId" size="middle" pagination={false} columns={columns} dataSource={team.members} />
        <Typography.Paragraph type="secondary" className="team-hint">
          团队成员共用企业的会员权益和标书份数（每次使用记在使用人名下），能看到以企业身份创建的全部标书，并编写分配给自己的章节。
        </Typography.Paragraph>
      </Card>
      {team.isAdmin && (
        <div className="team-invite-row">
          <Card className="team-card" title="按手机号邀请">
            <Space.Compact className="team-phone">
              <Input
                placeholder="同事的手机号"
                maxLength={11}
                value={phone}
                onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
                onPressEnter={() => phoneOk && invite.mutate()}
              />
              <Button type="primary" data-testid="invite-phone" icon={<UserAddOutlined />} disabled={!phoneOk} loading={invite.isPending} onClick={() => invite.mutate()}>
                邀请
              </Button>
            </Space.Compact>
            {team.invites.length ? (
              <ul className="team-invites">
                {team.invites.map((i) => (
                  <li key={i.id}>
                    <span>{i.maskPhone}</span>
                    <span className="team-muted">等待对方登录加入 · {i.createTime.slice(0, 16)}</span>
                    <Button type="link" size="small" onClick={() => revoke.mutate(i.id)}>
                      撤回
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待加入的邀请" />
            )}
          </Card>
          <Card className="team-card" title="邀请链接">
            {team.inviteUrl ? (
              <div className="team-link">
                <QRCode value={team.inviteUrl} size={132} bordered={false} />
                <div className="team-link-body">
                  <Typography.Text className="team-link-url" copyable={{ text: team.inviteUrl, icon: [<CopyOutlined key="c" />, <CopyOutlined key="d" />], tooltips: ['复制链接', '已复制'] }}>
                    {team.inviteUrl}
                  </Typography.Text>
                  <span className="team-muted">同事打开链接（或扫码）并登录后即可加入。链接长期有效，重新生成后旧链接失效。</span>
                  <Button loading={link.isPending} onClick={() => link.mutate()}>
                    重新生成
                  </Button>
                </div>
              </div>
            ) : (
              <Button type="primary" loading={link.isPending} onClick={() => link.mutate()}>
                生成邀请链接
              </Button>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
