import { Button, Empty, Popconfirm, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BID_CHECK_KIND_LABELS, type BidCheckKind } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { bidCheckKeys, deleteCheck, listChecks, type BidCheckSummary } from './api';
import { formatTime } from '../../lib/time';

export function StateTag({ r }: { r: Pick<BidCheckSummary, 'state' | 'progress' | 'passed' | 'counts'> }) {
  if (r.state === 'failed') return <Tag color="error">检查失败</Tag>;
  if (r.state !== 'done') return <Tag color="processing">{r.state === 'queued' ? '排队中' : `检查中 ${r.progress}%`}</Tag>;
  if (r.passed) return <Tag color="success">未发现严重问题</Tag>;
  return <Tag color="error">严重 {r.counts?.high ?? 0} 项</Tag>;
}

/** The user's recent tool reports (the 暗标 and 废标 checks), newest first. */
export function RecentChecks({ kind }: { kind?: BidCheckKind }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: bidCheckKeys.list(kind ?? '', 1),
    queryFn: () => listChecks(1, 10, kind),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.state === 'queued' || r.state === 'running') ? 2000 : false),
  });
  const remove = async (id: string) => {
    try {
      await deleteCheck(id);
      await qc.invalidateQueries({ queryKey: bidCheckKeys.all });
      toast.success('已删除');
    } catch (e) {
      toast.error(errorText(e, '删除失败'));
    }
  };
  const records = q.data?.records ?? [];
  return (
    <div className="wb-card bc-recent" data-testid="recent-checks">
      <h3 className="bc-recent__h">最近的检查报告</h3>
      {records.length ? (
        <ul>
          {records.map((r) => {
            const href = `/workbench/BiddingTool?tool=${r.kind}&id=${encodeURIComponent(r.id)}`;
            return (
              <li key={r.id}>
                <Tag>{BID_CHECK_KIND_LABELS[r.kind]}</Tag>
                <a
                  href={href}
                  className="bc-recent__name"
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(href);
                  }}
                >
                  {r.fileName}
                </a>
                {r.bidName ? <span className="bc-muted">招标项目：{r.bidName}</span> : null}
                <span className="bc-muted">{formatTime(r.createTime)}</span>
                <StateTag r={r} />
                <Popconfirm title="删除这份检查报告？" okText="删除" cancelText="取消" onConfirm={() => void remove(r.id)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </li>
            );
          })}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q.isLoading ? '加载中…' : '还没有检查报告，选择上方的工具开始检查'} />
      )}
    </div>
  );
}
