import { Card, Empty, Result, Skeleton, Table, Tag } from 'antd';
import { CarryOutOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_STATE_LABELS, type MyTask } from '@btz/shared';
import { useUser } from '../../stores/user';
import { fetchMyTasks, reviewKeys } from './api';
import { REVIEW_STATE_COLOR } from './SectionTeamBar';
import './team.css';

export const sectionHref = (bidId: string, nodeId: string) =>
  `/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}&node=${encodeURIComponent(nodeId)}`;

/**
 * 「我的任务」 (`/workbench/myTasks`): the sections assigned to the caller on every bid of its enterprise — the bid, the
 * section, its review state, the due date (past due in red: the server decides by its Shanghai day) — each a link into
 * the editor at that section.
 */
export function MyTasksPage() {
  const inTeam = useUser((s) => !!s.info?.team);
  const tasks = useQuery({ queryKey: reviewKeys.tasks, queryFn: fetchMyTasks, staleTime: 0, enabled: inTeam });
  if (!inTeam)
    return (
      <Card className="team-card">
        <Result icon={<CarryOutOutlined />} title="你还没有加入企业团队" subTitle="加入团队后，分配给你的章节会列在这里。" extra={<Link to="/workbench/team">前往团队</Link>} />
      </Card>
    );
  if (tasks.isLoading) return <Skeleton active />;
  const rows = tasks.data ?? [];
  const overdue = rows.filter((r) => r.overdue).length;
  return (
    <div className="team-page">
      <Card
        className="team-card"
        title={
          <span>
            我的任务<span className="team-count">共 {rows.length} 节{overdue ? `，${overdue} 节已逾期` : ''}</span>
          </span>
        }
      >
        <Table<MyTask>
          rowKey={(r) => `${r.bidId}/${r.nodeId}`}
          dataSource={rows}
          pagination={false}
          size="middle"
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂时没有分配给你的章节" /> }}
          rowClassName={(r) => (r.overdue ? 'team-task--overdue' : '')}
          columns={[
            { title: '标书', dataIndex: 'bidName', ellipsis: true },
            {
              title: '章节',
              dataIndex: 'sectionTitle',
              render: (v: string, r) => (
                <Link to={sectionHref(r.bidId, r.nodeId)} data-testid="task-link">
                  {v}
                </Link>
              ),
            },
            {
              title: '状态',
              dataIndex: 'state',
              width: 140,
              render: (_: unknown, r) => (
                <>
                  <Tag color={REVIEW_STATE_COLOR[r.state]}>{REVIEW_STATE_LABELS[r.state]}</Tag>
                  {r.finished ? <Tag>标书已完成</Tag> : null}
                </>
              ),
            },
            {
              title: '截止日期',
              dataIndex: 'dueDate',
              width: 150,
              render: (v: string, r) =>
                v ? (
                  <span className={r.overdue ? 'team-overdue' : ''} data-testid={r.overdue ? 'task-overdue' : undefined}>
                    {v}
                    {r.overdue ? ' 已逾期' : ''}
                  </span>
                ) : (
                  <span className="team-muted">未设置</span>
                ),
            },
            { title: '退回意见', dataIndex: 'note', ellipsis: true, render: (v: string) => v || <span className="team-muted">—</span> },
          ]}
        />
      </Card>
    </div>
  );
}
