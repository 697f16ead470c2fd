import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Popconfirm, Progress, Table, Tag, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { FileToolName, FileToolProgressMessage, FileToolRun } from '@btz/shared';
import { errorText } from '../bid/hooks';
import { toast } from '../../lib/feedback';
import { onRealtime } from '../../realtime';
import { deleteToolRun, downloadToolFile, downloadToolZip, fetchToolRun, filetoolKeys, formatBytes, listToolRuns, retryToolRun, startToolRun } from './api';
import './filetools.css';
import { formatTime } from '../../lib/time';

export interface ToolChoice {
  tool: FileToolName;
  /** the input the dragger accepts */
  accept: string;
  /** by name, before the upload (the server sniffs the content) */
  nameOk: RegExp;
  multiple?: boolean;
  text: string;
  hint: string;
  wrongType: string;
}

const running = (r: FileToolRun | undefined) => !!r && (r.state === 'queued' || r.state === 'running');

/**
 * The workspace of a bid-file tool: a dragger for the chosen tool's files, the current run (`?id=`) with its progress
 * while the job runs and its results to download when done, and the history of the owner's runs of these tools.
 */
export function ToolWorkspace({ title, intro, choice, tools, picker }: { title: string; intro: ReactNode; choice: ToolChoice; tools: FileToolName[]; picker?: ReactNode }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const current = useQuery({
    queryKey: filetoolKeys.run(id),
    queryFn: () => fetchToolRun(id),
    enabled: !!id,
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });
  const history = useQuery({
    queryKey: filetoolKeys.list(tools.join(','), page),
    queryFn: () => listToolRuns(tools, page),
    refetchInterval: (q) => (q.state.data?.records.some(running) ? 2000 : false),
  });
  // realtime `filetools.progress` moves the bar at once; the poll above is the fallback
  useEffect(
    () =>
      onRealtime('filetools.progress', (msg) => {
        const m = msg.data as FileToolProgressMessage | null;
        if (!m?.id || m.id !== id) return;
        if (m.state === 'done' || m.state === 'failed') void qc.invalidateQueries({ queryKey: filetoolKeys.all });
        else qc.setQueryData<FileToolRun>(filetoolKeys.run(id), (old) => (old ? { ...old, state: m.state, progress: m.progress } : old));
      }),
    [id, qc],
  );
  const open = (runId: string) => setParams({ id: runId });
  const refresh = () => void qc.invalidateQueries({ queryKey: filetoolKeys.all });

  const upload = (files: File[]) => {
    if (files.some((f) => !choice.nameOk.test(f.name))) {
      setError(choice.wrongType);
      return;
    }
    setError(null);
    setPercent(0);
    startToolRun(choice.tool, files, setPercent).then(
      (r) => {
        setPercent(null);
        open(r.id);
        refresh();
      },
      (e: unknown) => {
        setPercent(null);
        setError(errorText(e, '上传失败，请检查网络后重试'));
      },
    );
  };

  const retry = async (runId: string) => {
    try {
      await retryToolRun(runId);
      open(runId);
      refresh();
    } catch (e) {
      setError(errorText(e, '重试失败，请稍后再试'));
    }
  };
  const remove = async (runId: string) => {
    try {
      await deleteToolRun(runId);
      toast.success('已删除');
      if (runId === id) setParams({});
      refresh();
    } catch (e) {
      setError(errorText(e, '删除失败，请稍后再试'));
    }
  };

  const r = id ? current.data : undefined;
  return (
    <div className="wb-screen ft-screen">
      <div className="ft-head">
        <h1 className="wb-screen__title">{title}</h1>
        <Button onClick={() => navigate('/workbench/BiddingTool')}>返回标书工具</Button>
      </div>
      <div className="wb-card ft-card">
        <div className="ft-intro">{intro}</div>
        {picker}
        <Upload.Dragger
          accept={choice.accept}
          multiple={!!choice.multiple}
          showUploadList={false}
          disabled={percent !== null}
          className="ft-dragger"
          beforeUpload={(file, list) => {
            // the dragger calls this once per file: act on the last one, with the whole list
            if (file === list[list.length - 1]) upload(list as unknown as File[]);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{choice.text}</p>
          <p className="ant-upload-hint">{choice.hint}</p>
        </Upload.Dragger>
        {percent !== null ? <Progress percent={percent} status="active" size="small" className="ft-progress" /> : null}
        {error ? <Alert className="ft-alert" type="error" showIcon title={error} data-testid="ft-error" /> : null}
      </div>

      {id ? (
        <div className="wb-card ft-card" data-testid="ft-current">
          {current.isLoading ? null : current.isError ? (
            <Alert type="error" showIcon title={errorText(current.error, '记录加载失败')} />
          ) : r ? (
            <RunView r={r} onRetry={() => void retry(r.id)} />
          ) : null}
        </div>
      ) : null}

      <div className="wb-card ft-card">
        <h3 className="ft-h3">处理记录</h3>
        <Table<FileToolRun>
          rowKey="id"
          size="middle"
          data-testid="ft-history"
          loading={history.isLoading}
          dataSource={history.data?.records ?? []}
          locale={{ emptyText: <Empty description="还没有处理记录" /> }}
          pagination={{ current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          rowClassName={(row) => (row.id === id ? 'ft-row--open' : '')}
          columns={[
            { title: '文件', key: 'file', render: (_, row) => <span className="ft-file">{row.inputs.map((f) => f.name).join('、')}</span> },
            { title: '处理方式', dataIndex: 'toolName', width: 120 },
            { title: '状态', key: 'state', width: 140, render: (_, row) => <StateTag r={row} /> },
            { title: '时间', dataIndex: 'createTime', width: 150, render: formatTime },
            {
              title: '操作',
              key: 'ops',
              width: 200,
              render: (_, row) => (
                <span className="ft-ops">
                  <Button type="link" size="small" onClick={() => open(row.id)}>
                    查看
                  </Button>
                  {row.state === 'done' && row.outputs.length === 1 ? (
                    <Button type="link" size="small" onClick={() => void downloadToolFile(row.id, 1, row.outputs[0]!.name).catch(() => undefined)}>
                      下载
                    </Button>
                  ) : null}
                  {row.state === 'failed' ? (
                    <Button type="link" size="small" onClick={() => void retry(row.id)}>
                      重试
                    </Button>
                  ) : null}
                  <Popconfirm title="删除这条记录？" okText="删除" cancelText="取消" onConfirm={() => void remove(row.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </span>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}

function StateTag({ r }: { r: FileToolRun }) {
  if (r.state === 'done') return <Tag color="success">已完成</Tag>;
  if (r.state === 'failed') return <Tag color="error">失败</Tag>;
  return <Tag color="processing">{r.state === 'queued' ? '排队中' : `处理中 ${r.progress}%`}</Tag>;
}

function RunView({ r, onRetry }: { r: FileToolRun; onRetry: () => void }) {
  const stem = (r.inputs[0]?.name ?? '文件').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return (
    <div className="ft-run">
      <div className="ft-run__head">
        <b>{r.toolName}</b>
        <span className="ft-file">{r.inputs.map((f) => f.name).join('、')}</span>
        <span className="ft-muted">{formatTime(r.createTime)}</span>
      </div>
      {running(r) ? (
        <div data-testid="ft-progress">
          <div className="ft-run__label">{r.state === 'queued' ? '排队中…' : '正在处理…'}</div>
          <Progress percent={r.progress} status="active" />
          <div className="ft-muted">处理在后台进行，可以离开本页，稍后在处理记录中查看结果</div>
        </div>
      ) : r.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="处理失败"
          description={r.error ?? '请重试'}
          action={
            <Button size="small" onClick={onRetry}>
              重试
            </Button>
          }
        />
      ) : (
        <div data-testid="ft-done">
          <Progress percent={100} size="small" />
          {r.removed.length ? (
            <div className="ft-removed">
              <div className="ft-run__label">已清除：</div>
              <ul>
                {r.removed.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : r.tool === 'clean' ? (
            <div className="ft-muted">文件中没有发现需要清除的元数据</div>
          ) : null}
          <div className="ft-outputs">
            {r.outputs.map((f) => (
              <div key={f.index} className="ft-output">
                <span className="ft-file">{f.name}</span>
                <span className="ft-muted">{formatBytes(f.size)}</span>
                <Button size="small" type={r.outputs.length === 1 ? 'primary' : 'default'} onClick={() => void downloadToolFile(r.id, f.index, f.name).catch(() => undefined)}>
                  下载
                </Button>
              </div>
            ))}
          </div>
          {r.outputs.length > 1 ? (
            <Button type="primary" className="ft-zip" onClick={() => void downloadToolZip(r.id, `${stem}-图片.zip`).catch(() => undefined)}>
              全部下载（ZIP）
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
