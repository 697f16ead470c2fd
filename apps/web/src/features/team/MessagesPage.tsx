import { useEffect } from 'react';
import { Badge, Button, Card, Empty, List, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGE_LABELS, type MessageList } from '@btz/shared';
import { onRealtime, setDmCount } from '../../realtime';
import { fetchMessages, readMessages, reviewKeys } from './api';
import { sectionHref } from './MyTasksPage';
import './team.css';

/**
 * 消息 (`/workbench/messages`): what the team told the caller — @mentions in comments, sections submitted for its
 * review, its sections returned, approved or reopened — newest first, unread ones marked; opening one marks it read.
 */
export function MessagesPage() {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: reviewKeys.messages, queryFn: fetchMessages, staleTime: 0 });
  const apply = (d: MessageList) => {
    qc.setQueryData(reviewKeys.messages, d);
    setDmCount(d.unread);
  };
  const read = useMutation({ mutationFn: (id?: string) => readMessages(id), onSuccess: apply });
  useEffect(() => {
    if (list.data) setDmCount(list.data.unread);
  }, [list.data]);
  useEffect(() => onRealtime('bid.message', () => void qc.invalidateQueries({ queryKey: reviewKeys.messages })), [qc]);
  if (list.isLoading) return <Skeleton active />;
  const data = list.data ?? { unread: 0, records: [] };
  return (
    <div className="team-page">
      <Card
        className="team-card"
        title={
          <span>
            消息<span className="team-count">{data.unread ? `${data.unread} 条未读` : '没有未读消息'}</span>
          </span>
        }
        extra={
          data.unread ? (
            <Button size="small" onClick={() => read.mutate(undefined)} loading={read.isPending}>
              全部标为已读
            </Button>
          ) : null
        }
      >
        {data.records.length ? (
          <List
            dataSource={data.records}
            renderItem={(m) => (
              <List.Item
                data-testid="message"
                data-read={m.read ? '1' : '0'}
                actions={[
                  !m.read ? (
                    <Button key="r" type="link" size="small" onClick={() => read.mutate(m.id)}>
                      标为已读
                    </Button>
                  ) : null,
                  <Link key="o" to={sectionHref(m.bidId, m.nodeId)} onClick={() => !m.read && read.mutate(m.id)}>
                    查看章节
                  </Link>,
                ].filter(Boolean)}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {!m.read ? <Badge status="processing" /> : null} <b>{m.fromName || '成员'}</b> {USER_MESSAGE_LABELS[m.kind]}
                      <Tag className="team-message-where">
                        {m.bidName} · {m.sectionTitle || '章节'}
                      </Tag>
                    </span>
                  }
                  description={
                    <>
                      {m.text ? <div className="team-comments__text">{m.text}</div> : null}
                      <span className="team-muted">{m.time.slice(0, 16)}</span>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
        )}
      </Card>
    </div>
  );
}
