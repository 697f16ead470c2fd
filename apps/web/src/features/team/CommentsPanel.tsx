import { useEffect, useState } from 'react';
import { Button, Empty, Mentions, Skeleton, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BidTeam, UserMessage } from '@btz/shared';
import { onRealtime } from '../../realtime';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { addComment, fetchComments, reviewKeys } from './api';
import './team.css';

/**
 * The comments on one section: whoever reads the bid reads and writes them; `@` picks a member of the team (the
 * server tells each one mentioned, in realtime and in 消息). A mention of the caller elsewhere refreshes the thread.
 */
export function CommentsPanel({ bidId, nodeId, team }: { bidId: string; nodeId: string; team: BidTeam | null }) {
  const qc = useQueryClient();
  const key = reviewKeys.comments(bidId, nodeId);
  const list = useQuery({ queryKey: key, queryFn: () => fetchComments(bidId, nodeId), staleTime: 0 });
  const [text, setText] = useState('');
  const members = team?.members ?? [];
  useEffect(
    () =>
      onRealtime('bid.message', (m) => {
        const d = m.data as UserMessage | null;
        if (d?.bidId === bidId && d.nodeId === nodeId) void qc.invalidateQueries({ queryKey: key });
      }),
    [bidId, nodeId, qc, key],
  );
  const send = useMutation({
    mutationFn: () => {
      // the members whose @name the text still holds
      const mentions = members.filter((m) => m.nickName && text.includes(`@${m.nickName}`)).map((m) => m.userId);
      return addComment(bidId, nodeId, text.trim(), mentions);
    },
    onSuccess: (rows) => {
      qc.setQueryData(key, rows);
      setText('');
    },
    onError: (e) => toast.error(errorText(e, '评论发送失败')),
  });
  return (
    <div className="team-comments" data-testid="comments-panel">
      {list.isLoading ? (
        <Skeleton active />
      ) : list.data?.length ? (
        <ul className="team-comments__list">
          {list.data.map((c) => (
            <li key={c.id} className="team-comments__item" data-testid="comment">
              <div className="team-comments__meta">
                <b>{c.nickName || '成员'}</b>
                <span>{c.time.slice(0, 16)}</span>
                {c.mentions.length ? <Tag>提到了 {c.mentions.map((m) => m.nickName || '成员').join('、')}</Tag> : null}
              </div>
              <div className="team-comments__text">{c.text}</div>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有评论" />
      )}
      <div className="team-comments__form">
        <Mentions
          rows={3}
          value={text}
          onChange={setText}
          maxLength={2000}
          placeholder={members.length ? '写评论，输入 @ 提到团队成员' : '写评论'}
          options={members.filter((m) => m.nickName).map((m) => ({ value: m.nickName, label: m.nickName, key: m.userId }))}
          data-testid="comment-input"
        />
        <Button type="primary" size="small" disabled={!text.trim()} loading={send.isPending} onClick={() => send.mutate()} data-testid="comment-send">
          发表评论
        </Button>
      </div>
    </div>
  );
}
