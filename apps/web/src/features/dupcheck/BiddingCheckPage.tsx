import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Progress, Table, Tag, Upload } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DUPCHECK_LIMITS } from '@btz/shared';
import { errorText } from '../bid/hooks';
import { createCheck, deleteCheck, dupKeys, isRunning, listChecks, retryCheck, startCheck, uploadCheckFile, useDupcheckPush, usePollMs, type DupCheckSummary } from './api';
import { RiskTag } from './risk';
import './dupcheck.css';
import { formatTime } from '../../lib/time';

const ACCEPT = '.docx,.pdf,.doc';
const isBidFile = (f: File) => /\.(docx|pdf|doc)$/i.test(f.name);

/** /workbench/tools/BiddingCheck: files in (2–10 bids, the tender optional), a check started; the list with progress. */
export function BiddingCheckPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [bids, setBids] = useState<File[]>([]);
  const [tender, setTender] = useState<File | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  // the running checks' bars follow the realtime push; the poll is the fallback
  useDupcheckPush();
  const pollMs = usePollMs();
  const list = useQuery({
    queryKey: [...dupKeys.list, page],
    queryFn: () => listChecks(page, 10),
    refetchInterval: (q) => (q.state.data?.records.some((r) => isRunning(r.state)) ? pollMs : false),
  });

  const addBids = (file: File) => {
    if (!isBidFile(file)) setError('仅支持 DOCX、PDF、DOC 格式的投标文件');
    else
      setBids((cur) => {
        if (cur.length >= DUPCHECK_LIMITS.maxBids) {
          setError(`投标文件最多 ${DUPCHECK_LIMITS.maxBids} 份`);
          return cur;
        }
        setError(null);
        return [...cur, file];
      });
    return false;
  };

  const submit = async () => {
    if (bids.length < DUPCHECK_LIMITS.minBids) {
      setError(`请至少上传 ${DUPCHECK_LIMITS.minBids} 份投标文件`);
      return;
    }
    setError(null);
    try {
      setBusy('正在创建查重任务…');
      const checkName = name.trim() || bids[0]!.name.replace(/\.[A-Za-z]+$/, '').slice(0, 50);
      const { id } = await createCheck(checkName);
      const all: Array<[File, 'bid' | 'tender']> = [...bids.map((f) => [f, 'bid'] as [File, 'bid']), ...(tender ? [[tender, 'tender'] as [File, 'tender']] : [])];
      for (const [i, [file, role]] of all.entries()) {
        setBusy(`正在上传 ${i + 1}/${all.length}：${file.name}`);
        await uploadCheckFile(id, role, file);
      }
      await startCheck(id);
      setBids([]);
      setTender(null);
      setName('');
      setPage(1);
      await qc.invalidateQueries({ queryKey: dupKeys.list });
    } catch (e) {
      setError(errorText(e, '上传失败，请检查网络后重试'));
    } finally {
      setBusy(null);
    }
  };

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await qc.invalidateQueries({ queryKey: dupKeys.list });
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div className="wb-screen dup-screen">
      <div className="dup-head">
        <h1 className="wb-screen__title">标书查重</h1>
        <Button onClick={() => navigate('/workbench/BiddingTool')}>返回标书工具</Button>
      </div>
      <div className="wb-card dup-card">
        <p className="dup-muted">
          上传 2–10 份投标文件（DOCX、PDF、DOC），可另附招标文件：从招标文件照抄的要求、法规规定的通用条款和本产品撰写的通用表述均不计入雷同。逐对比较文本、目录结构、文件属性、图片、特征错误与报价，给出风险等级。
        </p>
        <Input className="dup-name" placeholder="查重任务名称（可选，默认取第一份文件名）" maxLength={DUPCHECK_LIMITS.name} value={name} onChange={(e) => setName(e.target.value)} />
        <div className="dup-drops">
          <div data-testid="bid-drop">
            <Upload.Dragger accept={ACCEPT} multiple showUploadList={false} beforeUpload={addBids} disabled={!!busy}>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">投标文件（2–10 份）</p>
              <p className="ant-upload-hint">点击或拖入，可多选</p>
            </Upload.Dragger>
            <ul className="dup-files" data-testid="bid-files">
              {bids.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  <span>{f.name}</span>
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`移除 ${f.name}`} onClick={() => setBids((cur) => cur.filter((_, k) => k !== i))} />
                </li>
              ))}
            </ul>
          </div>
          <div data-testid="tender-drop">
            <Upload.Dragger
              accept={ACCEPT}
              multiple={false}
              showUploadList={false}
              disabled={!!busy}
              beforeUpload={(f) => {
                if (!isBidFile(f)) setError('仅支持 DOCX、PDF、DOC 格式的招标文件');
                else setTender(f);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">招标文件（可选，1 份）</p>
              <p className="ant-upload-hint">其中的原文不计入雷同</p>
            </Upload.Dragger>
            {tender ? (
              <ul className="dup-files" data-testid="tender-file">
                <li>
                  <span>{tender.name}</span>
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="移除招标文件" onClick={() => setTender(null)} />
                </li>
              </ul>
            ) : null}
          </div>
        </div>
        <div className="dup-actions">
          <Button type="primary" loading={!!busy} onClick={() => void submit()} disabled={!bids.length}>
            开始查重
          </Button>
          {busy ? <span className="dup-muted">{busy}</span> : <span className="dup-muted">已选 {bids.length} 份投标文件{tender ? '，1 份招标文件' : ''}</span>}
        </div>
        {error ? <Alert className="dup-alert" type="error" showIcon title={error} /> : null}
      </div>

      <div className="wb-card dup-card">
        <h2 className="dup-h2">查重记录</h2>
        <Table<DupCheckSummary>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          locale={{ emptyText: '还没有查重记录' }}
          data-testid="check-list"
          columns={[
            { title: '任务名称', dataIndex: 'name', ellipsis: true },
            { title: '文件', width: 150, render: (_, r) => `${r.bids} 份投标${r.hasTender ? ' + 招标' : ''}` },
            { title: '创建时间', dataIndex: 'createTime', width: 150, render: formatTime },
            {
              title: '进度',
              width: 220,
              render: (_, r) =>
                r.state === 'done' ? (
                  <span>
                    <RiskTag risk={r.risk} /> 综合 {r.score} 分
                  </span>
                ) : r.state === 'failed' ? (
                  <span className="dup-error" title={r.error ?? ''}>
                    <Tag color="error">失败</Tag>
                    {r.error}
                  </span>
                ) : r.state === 'draft' ? (
                  <Tag>未开始</Tag>
                ) : (
                  <Progress percent={r.progress} size="small" status="active" format={(p) => (r.state === 'queued' ? '排队中' : `${p}%`)} />
                ),
            },
            {
              title: '操作',
              width: 190,
              render: (_, r) => (
                <span className="dup-ops">
                  {r.state === 'done' ? (
                    <a
                      href={`/workbench/tools/ReportView?id=${encodeURIComponent(r.id)}`}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(`/workbench/tools/ReportView?id=${encodeURIComponent(r.id)}`);
                      }}
                    >
                      查看报告
                    </a>
                  ) : null}
                  {r.state === 'failed' ? <a onClick={() => void act(() => retryCheck(r.id))}>重试</a> : null}
                  {r.state !== 'queued' && r.state !== 'running' ? (
                    <Popconfirm title="删除这条查重记录？" okText="删除" cancelText="取消" onConfirm={() => act(() => deleteCheck(r.id))}>
                      <a className="dup-danger">删除</a>
                    </Popconfirm>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
