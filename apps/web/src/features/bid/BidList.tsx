import { useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BID_STATUSES } from '@btz/shared';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { bidKeys, deleteBid, fetchBidList, renameBid, type BidRecord } from './api';
import { errorText } from './hooks';
import { BID_STATUS_COLOR, BID_STATUS_LABEL, BID_TYPE_LABEL, PARSE_STATE_LABEL, formatTime, workspaceHref } from './labels';
import './bid.css';

const PAGE_SIZE = 10;

/** /workbench/historyBook (我的标书): the user's bids, newest first. */
export function BidList() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [renaming, setRenaming] = useState<BidRecord | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const q = useQuery({
    queryKey: bidKeys.list(current, size, status),
    queryFn: () => fetchBidList({ current, size, status }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // a bid still being parsed: keep its state fresh
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.parseState === 'queued' || r.parseState === 'running') ? 3000 : false),
  });

  const refresh = () => qc.invalidateQueries({ queryKey: ['bid', 'list'] });

  const remove = async (r: BidRecord) => {
    const ok = await confirmDialog(`确定删除标书「${r.name || r.projectName || '未命名标书'}」吗？删除后招标文件、招标要点与目录都无法恢复。`, { danger: true });
    if (!ok) return;
    try {
      await deleteBid(r.id);
      toast.success('已删除');
      if (q.data && q.data.records.length === 1 && current > 1) setCurrent(current - 1);
      await refresh();
      qc.removeQueries({ queryKey: bidKeys.detail(r.id) });
    } catch (e) {
      toast.error(errorText(e, '删除失败，请稍后重试'));
    }
  };

  const submitRename = async () => {
    if (!renaming) return;
    const v = newName.trim();
    if (!v) {
      setRenameError('标书名称不能为空');
      return;
    }
    setBusy(true);
    try {
      await renameBid(renaming.id, v);
      setRenaming(null);
      await refresh();
    } catch (e) {
      setRenameError(errorText(e, '重命名失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const data = q.data;
  const empty = !q.isLoading && !q.isError && (data?.total ?? 0) === 0;

  return (
    <div className="wb-screen bid-list">
      <div className="bid-list__head">
        <h1 className="wb-screen__title">我的标书</h1>
        <Space>
          <Select
            allowClear
            placeholder="全部状态"
            value={status}
            onChange={(v) => {
              setStatus(v);
              setCurrent(1);
            }}
            style={{ width: 140 }}
            options={BID_STATUSES.map((s) => ({ value: s, label: BID_STATUS_LABEL[s] }))}
            aria-label="按状态筛选"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/workbench/document')}>
            新建标书
          </Button>
        </Space>
      </div>
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(q.error, '标书列表加载失败')}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      ) : empty && !status ? (
        <div className="wb-card wb-empty">
          <Empty
            description={
              <div className="wb-empty__desc">
                <h3>还没有标书</h3>
                <p>上传一份招标文件，AI 会解析项目信息、评分标准与废标条款，并生成紧扣评分项的投标目录。</p>
              </div>
            }
          >
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/workbench/document')}>
              新建标书
            </Button>
          </Empty>
        </div>
      ) : (
        <div className="wb-card bid-list__card">
          <Table<BidRecord>
            rowKey="id"
            loading={q.isFetching && !data}
            dataSource={data?.records ?? []}
            locale={{ emptyText: <Empty description="没有该状态的标书" /> }}
            onRow={(r) => ({ onClick: () => navigate(workspaceHref(r.id)), className: 'bid-list__row' })}
            pagination={{
              current,
              pageSize: size,
              total: data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 份`,
              onChange: (c, s) => {
                setCurrent(s !== size ? 1 : c);
                setSize(s);
              },
            }}
            columns={[
              {
                title: '标书名称',
                dataIndex: 'name',
                render: (_: unknown, r) => (
                  <div>
                    <a className="bid-list__name">{r.name || '未命名标书'}</a>
                    {r.parseState !== 'done' ? (
                      <Tag className="bid-list__parse" color={r.parseState === 'failed' ? 'error' : 'processing'}>
                        {PARSE_STATE_LABEL[r.parseState]}
                      </Tag>
                    ) : null}
                  </div>
                ),
              },
              {
                title: '招标项目',
                render: (_: unknown, r) =>
                  r.projectName || r.projectNumber ? (
                    <div>
                      <div>{r.projectName || '—'}</div>
                      {r.projectNumber ? <div className="bid-muted bid-small">{r.projectNumber}</div> : null}
                    </div>
                  ) : (
                    <span className="bid-muted">—</span>
                  ),
              },
              { title: '版本', dataIndex: 'bidType', width: 90, render: (t: 1 | 2) => BID_TYPE_LABEL[t] ?? '普通版' },
              {
                title: '状态',
                dataIndex: 'status',
                width: 110,
                render: (s: BidRecord['status']) => <Tag color={BID_STATUS_COLOR[s]}>{BID_STATUS_LABEL[s] ?? s}</Tag>,
              },
              { title: '投标截止', dataIndex: 'deadline', width: 150, render: (d: string) => formatTime(d) },
              { title: '更新时间', dataIndex: 'updateTime', width: 150, render: (d: string) => formatTime(d) },
              {
                title: '操作',
                width: 120,
                render: (_: unknown, r) => (
                  <Space size={0} onClick={(e) => e.stopPropagation()}>
                    <Tooltip title="重命名">
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={`重命名 ${r.name}`}
                        disabled={r.status === 'finished'}
                        onClick={() => {
                          setNewName(r.name);
                          setRenameError(null);
                          setRenaming(r);
                        }}
                      />
                    </Tooltip>
                    <Tooltip title="删除">
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除 ${r.name}`} onClick={() => void remove(r)} />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        </div>
      )}
      <Modal
        open={!!renaming}
        title="重命名标书"
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void submitRename()}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Input
          value={newName}
          maxLength={100}
          autoFocus
          onChange={(e) => {
            setNewName(e.target.value);
            setRenameError(null);
          }}
          onPressEnter={() => void submitRename()}
          aria-label="标书名称"
        />
        {renameError ? <div className="bid-error-text bid-list__rename-error">{renameError}</div> : null}
      </Modal>
    </div>
  );
}
