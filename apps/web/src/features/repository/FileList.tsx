import { Button, Empty, Pagination, Space, Spin, Tag } from 'antd';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { formatBytes } from '../pictures/api';
import { deleteRepositoryFile, listRepositoryFiles, repositoryKeys, retryRepositoryFile, type RepositoryFile } from './api';
import { formatTime } from '../../lib/time';

export function StateTag({ f }: { f: RepositoryFile }) {
  if (f.state === 'done') return <Tag color="success">{f.passageCount} 个段落</Tag>;
  if (f.state === 'failed') return <Tag color="error">解析失败</Tag>;
  return <Tag color="processing">{f.state === 'queued' ? '排队中' : '解析中'}</Tag>;
}

/** The owner's past bids with their state and passage count; refreshed while any is being read. */
export function FileList({ size = 20, paged = true }: { size?: number; paged?: boolean }) {
  const qc = useQueryClient();
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: repositoryKeys.files(current, size),
    queryFn: () => listRepositoryFiles(current, size),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.state === 'queued' || r.state === 'running') ? 1500 : false),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: repositoryKeys.all });
  const retry = async (f: RepositoryFile) => {
    try {
      await retryRepositoryFile(f.id);
      refresh();
    } catch (e) {
      toast.error(errorText(e, '重试失败，请稍后再试'));
    }
  };
  const remove = async (f: RepositoryFile) => {
    if (!(await confirmDialog(`确定删除「${f.fileName}」及其全部段落吗？`, { danger: true }))) return;
    try {
      await deleteRepositoryFile(f.id);
      toast.success('已删除');
      refresh();
    } catch (e) {
      toast.error(errorText(e, '删除失败，请稍后重试'));
    }
  };
  if (list.isLoading) return <Spin />;
  const data = list.data;
  if (!data?.records.length) return <Empty description="还没有历史标书，上传后会自动拆分为段落并建立索引" />;
  return (
    <>
      <ul className="repo-files" data-testid="repo-files">
        {data.records.map((f) => (
          <li key={f.id}>
            <span className="repo-files__name" title={f.fileName}>
              {f.fileName}
            </span>
            <StateTag f={f} />
            <span className="repo-muted">
              {f.fileType.toUpperCase()} · {formatBytes(f.size)}
              {f.pageCount ? ` · ${f.pageCount} 页` : ''} · {formatTime(f.createTime)}
            </span>
            <Space size={4}>
              {f.state === 'failed' ? (
                <Button size="small" icon={<ReloadOutlined />} onClick={() => void retry(f)}>
                  重试
                </Button>
              ) : null}
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除 ${f.fileName}`} onClick={() => void remove(f)} />
            </Space>
            {f.error ? <span className="repo-files__error">{f.error}</span> : null}
          </li>
        ))}
      </ul>
      {paged && data.total > size ? <Pagination size="small" current={current} pageSize={size} total={data.total} onChange={setCurrent} /> : null}
    </>
  );
}
