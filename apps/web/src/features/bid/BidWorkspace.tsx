import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Empty, Progress, Radio, Result, Select, Spin, Steps, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CloudSyncOutlined, LockOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOADING_TIPS, REPORT_TEXTS, TEXT, type WriteProgress } from '@btz/shared';
import { useLoadingTip } from '../../components/LoadingOverlay';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { WorkbenchScreen } from '../workbench/WorkbenchScreen';
import { AnalysisReportButton } from './AnalysisReportButton';
import { bidKeys, generateOutline, renameBid, retryParse, selectLot, type BidDetail } from './api';
import { coverageView } from './coverage';
import { CoveragePanel } from './CoveragePanel';
import { FilesPanel } from './FilesPanel';
import { errorText, isParsing, useBidDetail, useOutlineEditor, useWriting, type WritingState } from './hooks';
import { BID_STATUS_COLOR, BID_STATUS_LABEL, BID_TYPE_LABEL, stageLabel } from './labels';
import { NodeDetail } from './NodeDetail';
import { OutlineTree } from './OutlineTree';
import { PageDrawer, type PageRef } from './PageDrawer';
import { TenderCardPanel } from './TenderCardPanel';
import { findNode, flatten } from './outline';
import { ExportPanel } from './ExportPanel';
import { HealthPanel } from './HealthPanel';
import { SectionPane } from './SectionPane';
import { WritePanel, useWriteActions } from './WritePanel';
import { currentStep, sectionStates, stepViews } from './writing';
import './bid.css';

type PaneTab = 'card' | 'coverage' | 'files' | 'health' | 'export';

/** A tender with several lots: the user picks the one the bid answers before the card and outline are made. */
const needsLot = (bid: BidDetail) => bid.parse.state === 'done' && bid.lots.length > 1 && !bid.lot;

/** Why the analysis report cannot be made yet (the server refuses the same cases), or null. */
function reportBlocked(bid: BidDetail): string | null {
  if (isParsing(bid)) return REPORT_TEXTS.parsing;
  if (bid.parse.state === 'failed') return REPORT_TEXTS.failed;
  return bid.card ? null : REPORT_TEXTS.noCard;
}

/** Where the bid is on the stepper (上传招标文件 → 解析 → 目录 → 生成全文 → 检查 → 导出). */
function stepOf(bid: BidDetail): { current: number; status: 'process' | 'error' | 'finish' | 'wait' } {
  if (bid.parse.state === 'failed') return { current: 1, status: 'error' };
  if (bid.parse.state !== 'done' || needsLot(bid)) return { current: 1, status: 'process' };
  if (!bid.outline?.length) return { current: 2, status: 'process' };
  return { current: currentStep(bid.status), status: bid.status === 'finished' ? 'finish' : 'process' };
}

function Stepper({
  bid,
  readOnly,
  progress,
  onStep,
}: {
  bid: BidDetail;
  readOnly: boolean;
  progress: WriteProgress | null;
  onStep: (step: number) => void;
}) {
  const { current, status } = stepOf(bid);
  const ready = !!bid.outline?.length && !needsLot(bid);
  const views = stepViews(ready ? bid.status : 'parsed', progress);
  const step = (title: string, v: { enabled: boolean; content: string }) => ({ title, content: v.content, disabled: !v.enabled });
  return (
    <Steps
      className="bid-steps"
      size="small"
      current={current}
      status={status}
      onChange={onStep}
      items={[
        { title: '上传招标文件', content: `${bid.files.length} 个文件` },
        {
          title: '解析',
          content:
            bid.parse.state === 'failed'
              ? '解析失败'
              : needsLot(bid)
                ? '请选择标段'
                : bid.parse.state === 'done'
                  ? '已完成'
                  : `${Math.round(bid.parse.progress)}%`,
        },
        { title: '目录', content: readOnly ? '只读' : bid.status === 'writing' ? '编写中锁定' : bid.outline?.length ? '可编辑' : '待生成' },
        step('生成全文', views.write),
        step('检查', views.check),
        step('导出', views.export),
      ]}
    />
  );
}

/** While parsing: progress, stage, the nine loading tips in turn — and the user may leave. */
function ParseProgress({ bid }: { bid: BidDetail }) {
  const navigate = useNavigate();
  const tip = useLoadingTip(true);
  const pct = Math.max(0, Math.min(100, Math.round(bid.parse.progress)));
  return (
    <div className="wb-card bid-parse" data-testid="parse-progress">
      <div className="bid-parse__title">
        <Spin size="small" /> 正在解析招标文件{bid.parse.state === 'queued' ? '（排队中）' : ''}
      </div>
      <Progress percent={pct} status="active" className="bid-parse__bar" />
      <div className="bid-parse__stage">当前步骤：{stageLabel(bid.parse.stage) || '准备中'}</div>
      <div className="bid-parse__tip" key={tip} aria-live="polite">
        {LOADING_TIPS[tip]}
      </div>
      <div className="bid-parse__leave">
        <CloudSyncOutlined /> 可以离开本页，解析会在后台继续；完成后在「我的标书」中打开即可。
        <Button type="link" onClick={() => navigate('/workbench/historyBook')}>
          去我的标书
        </Button>
      </div>
    </div>
  );
}

function ParseFailed({ bid, onRetry, retrying }: { bid: BidDetail; onRetry: () => void; retrying: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="wb-card bid-failed" data-testid="parse-failed">
      <Result
        status="error"
        title="招标文件解析失败"
        subTitle={bid.parse.error || '解析时出现问题，请重新解析；如仍失败，请换一个文件格式（如 PDF 转 Word）后重新上传。'}
        extra={[
          <Button key="retry" type="primary" loading={retrying} onClick={onRetry}>
            重新解析
          </Button>,
          <Button key="new" onClick={() => navigate('/workbench/document')}>
            重新上传
          </Button>,
        ]}
      />
      <div className="bid-failed__files">
        <div className="bid-muted bid-small">已上传的文件仍保留在这里：</div>
        <FilesPanel bidId={bid.id} files={bid.files} readOnly />
      </div>
    </div>
  );
}

function LotPicker({ bid, onPicked }: { bid: BidDetail; onPicked: () => void }) {
  const [lot, setLot] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!lot) return;
    setBusy(true);
    setError(null);
    try {
      await selectLot(bid.id, lot);
      onPicked();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wb-card bid-lots" data-testid="lot-picker">
      <h3>该招标文件包含 {bid.lots.length} 个标段，请选择本标书响应的标段</h3>
      <p className="bid-muted">选定后，招标要点与目录只保留该标段的内容，其他标段的信息会被排除。</p>
      <Radio.Group value={lot} onChange={(e) => setLot(e.target.value as string)} className="bid-lots__group">
        {bid.lots.map((l) => (
          <Radio key={l.id} value={l.id} className="bid-lots__item">
            {l.name}
          </Radio>
        ))}
      </Radio.Group>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Button type="primary" disabled={!lot} loading={busy} onClick={() => void submit()}>
        确定标段
      </Button>
    </div>
  );
}

/** The three panes: outline, the selected section, and the tender card / coverage / files / health / export. */
function Panes({
  bid,
  readOnly,
  writing,
  tab,
  setTab,
  onRetry,
  retrying,
}: {
  bid: BidDetail;
  readOnly: boolean;
  writing: WritingState;
  tab: PaneTab;
  setTab: (t: PaneTab) => void;
  onRetry: () => void;
  retrying: boolean;
}) {
  const qc = useQueryClient();
  const outlineReadOnly = readOnly || bid.status === 'writing';
  const editor = useOutlineEditor(bid, outlineReadOnly);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pageRef, setPageRef] = useState<PageRef | null>(null);
  const [generating, setGenerating] = useState(false);
  // while writing, the centre pane follows the pen until the user picks a section
  const [follow, setFollow] = useState(bid.status === 'writing');
  const coverage = useMemo(() => coverageView(bid.card?.scoring, editor.nodes, editor.coverage), [bid.card, editor.nodes, editor.coverage]);
  // the leaves show their writing state once any writing happened
  const started =
    bid.status === 'writing' ||
    bid.status === 'written' ||
    bid.status === 'finished' ||
    (bid.status === 'outlined' && !!writing.progress?.sections.some((s) => s.state !== 'empty'));
  const states = useMemo(() => sectionStates(editor.nodes, writing.progress), [editor.nodes, writing.progress]);

  // first section selected by default; a deleted selection falls back to it
  useEffect(() => {
    if (!editor.nodes.length) return;
    if (!selectedId || !findNode(editor.nodes, selectedId)) {
      const first = flatten(editor.nodes).find((n) => !n.children.length) ?? editor.nodes[0]!;
      setSelectedId(first.id);
    }
  }, [editor.nodes, selectedId]);

  // writing (re)started: follow the pen again
  useEffect(() => {
    setFollow(bid.status === 'writing');
  }, [bid.status]);

  // following: when the open section is not being written, open one that is
  useEffect(() => {
    if (!follow || bid.status !== 'writing') return;
    const cur = selectedId ? states.get(selectedId) : undefined;
    if (cur === 'writing') return;
    const next = [...states].find(([, st]) => st === 'writing')?.[0];
    if (next && next !== selectedId) setSelectedId(next);
  }, [follow, states, selectedId, bid.status]);

  const pick = (id: string | null) => {
    setFollow(false);
    setSelectedId(id);
  };

  // Ctrl+S saves the outline (the section editor saves its own text first and stops the key)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        if (e.defaultPrevented) return;
        e.preventDefault();
        if (!outlineReadOnly && editor.saveState !== 'saved') void editor.save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor, outlineReadOnly]);

  // a refusal because the bid was finished elsewhere: reload it (the screen turns read-only)
  useEffect(() => {
    if (editor.error === TEXT.readOnlyBid) void qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
  }, [editor.error, qc, bid.id]);

  const generate = async () => {
    setGenerating(true);
    try {
      editor.replace(await generateOutline(bid.id));
    } catch (e) {
      toast.error(errorText(e, '目录生成失败，请稍后重试'));
    } finally {
      setGenerating(false);
    }
  };

  const gaps = coverage.total - coverage.covered;
  const selected = selectedId ? findNode(editor.nodes, selectedId) : null;
  const selectedState = selected && !selected.children.length ? (states.get(selected.id) ?? 'empty') : null;
  const written = bid.status === 'written' || bid.status === 'finished';

  return (
    <div className="bid-panes">
      <section className="wb-card bid-pane bid-pane--left">
        {editor.nodes.length ? (
          <OutlineTree
            editor={editor}
            readOnly={outlineReadOnly}
            selectedId={selectedId}
            onSelect={pick}
            states={started ? states : null}
            onRetry={readOnly || bid.status === 'writing' ? undefined : onRetry}
            retrying={retrying}
            lockNote={readOnly ? '已完成编写，只读' : bid.status === 'writing' ? '编写中，目录暂不可修改' : undefined}
          />
        ) : (
          <div className="bid-pane__empty">
            <Empty description="还没有目录">
              {!readOnly ? (
                <Button type="primary" loading={generating} onClick={() => void generate()}>
                  生成目录
                </Button>
              ) : null}
            </Empty>
          </div>
        )}
      </section>
      <section className="wb-card bid-pane bid-pane--centre">
        {!editor.nodes.length ? (
          <div className="bid-pane__empty">
            <Empty description="目录会按招标文件规定的投标文件组成生成第一级章节，并让每个评分项都有章节响应。点击左侧「生成目录」开始。" />
          </div>
        ) : selected && selectedState ? (
          <SectionPane
            key={selected.id}
            bidId={bid.id}
            editor={editor}
            nodeId={selected.id}
            card={bid.card}
            state={selectedState}
            live={writing.live[selected.id]?.text ?? null}
            finished={readOnly}
            outlineReadOnly={outlineReadOnly}
            preferSettings={bid.status === 'outlined' && selectedState === 'empty'}
            onSelect={pick}
            onSaved={() => writing.refresh()}
          />
        ) : (
          <NodeDetail editor={editor} nodeId={selectedId} card={bid.card} readOnly={outlineReadOnly} onSelect={pick} />
        )}
      </section>
      <section className="wb-card bid-pane bid-pane--right">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as PaneTab)}
          tabBarGutter={20}
          className="bid-tabs"
          items={[
            {
              key: 'card',
              label: '招标要点',
              children: (
                <>
                  <div className="bid-report-bar">
                    <span className="bid-muted bid-small">投标前先看：要点与资格对照</span>
                    <AnalysisReportButton bidId={bid.id} projectName={bid.card?.projectName?.value || bid.name} disabledReason={reportBlocked(bid)} />
                  </div>
                  <TenderCardPanel card={bid.card} files={bid.files} onOpen={setPageRef} />
                </>
              ),
            },
            {
              key: 'coverage',
              label: (
                <span>
                  评分覆盖 {coverage.total ? <Badge count={gaps || `${coverage.percent}%`} color={gaps ? 'red' : 'green'} size="small" /> : null}
                </span>
              ),
              children: <CoveragePanel view={coverage} selectedId={selectedId} onSelect={pick} />,
            },
            {
              key: 'files',
              label: `文件（${bid.files.length}）`,
              children: <FilesPanel bidId={bid.id} files={bid.files} readOnly={readOnly} />,
            },
            {
              key: 'health',
              label: '内容检查',
              children: <HealthPanel bidId={bid.id} nodes={editor.nodes} enabled={written} onSelect={pick} />,
            },
            {
              key: 'export',
              label: '导出',
              children: <ExportPanel bidId={bid.id} bidName={bid.name} nodes={editor.nodes} readOnly={readOnly} canExport={written} />,
            },
          ]}
        />
      </section>
      <PageDrawer bidId={bid.id} files={bid.files} target={pageRef} onClose={() => setPageRef(null)} />
    </div>
  );
}

/** The parsed bid: header, stepper, the writing bar and the panes. */
function Workspace({ bid, retrying, onRetryParse }: { bid: BidDetail; retrying: boolean; onRetryParse: () => void }) {
  const qc = useQueryClient();
  const readOnly = bid.status === 'finished';
  const writing = useWriting(bid);
  const actions = useWriteActions(bid, writing);
  const [tab, setTab] = useState<PaneTab>(bid.status === 'written' || bid.status === 'finished' ? 'health' : 'card');
  const refresh = () => qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
  const parsing = bid.parse.state === 'queued' || bid.parse.state === 'running';
  const states = useMemo(() => sectionStates(bid.outline ?? [], writing.progress), [bid.outline, writing.progress]);
  const showPanes = !(parsing && !bid.card) && !(bid.parse.state === 'failed' && !bid.card) && !needsLot(bid);

  const onStep = (i: number) => {
    if (i === 0) setTab('files');
    else if (i === 1 || i === 2) setTab(i === 1 ? 'card' : 'coverage');
    else if (i === 4) setTab('health');
    else if (i === 5) setTab('export');
    else if (i === 3) document.querySelector('[data-testid="write-panel"]')?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div className="bid-ws" data-testid="bid-workspace">
      <WorkspaceHeader bid={bid} readOnly={readOnly} />
      <div className="wb-card bid-ws__steps">
        <Stepper bid={bid} readOnly={readOnly} progress={writing.progress} onStep={onStep} />
      </div>
      {readOnly ? (
        <Alert type="info" showIcon icon={<LockOutlined />} title={TEXT.readOnlyBid} className="bid-ws__banner" data-testid="readonly-banner" />
      ) : null}
      {parsing && bid.card ? (
        <Alert
          type="info"
          showIcon
          className="bid-ws__banner"
          title={`正在重新解析（${stageLabel(bid.parse.stage)} ${Math.round(bid.parse.progress)}%），完成后招标要点与目录会自动更新`}
        />
      ) : null}
      {parsing && !bid.card ? (
        <ParseProgress bid={bid} />
      ) : bid.parse.state === 'failed' && !bid.card ? (
        <ParseFailed bid={bid} onRetry={onRetryParse} retrying={retrying} />
      ) : needsLot(bid) ? (
        <LotPicker bid={bid} onPicked={() => void refresh()} />
      ) : (
        <>
          {bid.parse.state === 'failed' ? (
            <Alert
              type="error"
              showIcon
              className="bid-ws__banner"
              title={`最近一次解析失败：${bid.parse.error ?? ''}`}
              action={
                <Button size="small" loading={retrying} onClick={onRetryParse}>
                  重新解析
                </Button>
              }
            />
          ) : null}
          {showPanes && bid.outline?.length ? <WritePanel bid={bid} writing={writing} states={states} actions={actions} onGoto={setTab} /> : null}
          <Panes
            key={bid.id}
            bid={bid}
            readOnly={readOnly}
            writing={writing}
            tab={tab}
            setTab={setTab}
            onRetry={() => void actions.start(false)}
            retrying={actions.starting}
          />
        </>
      )}
    </div>
  );
}

function WorkspaceHeader({ bid, readOnly }: { bid: BidDetail; readOnly: boolean }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
  const rename = async (name: string) => {
    const v = name.trim();
    if (!v || v === bid.name) return;
    try {
      await renameBid(bid.id, v);
      await refresh();
      void qc.invalidateQueries({ queryKey: ['bid', 'list'] });
    } catch (e) {
      toast.error(errorText(e, '重命名失败'));
    }
  };
  const changeLot = async (lot: string) => {
    const ok = await confirmDialog('更换标段会重新提取招标要点并重新生成目录，手动修改的目录将丢失。确定更换吗？');
    if (!ok) return;
    try {
      await selectLot(bid.id, lot);
      await refresh();
    } catch (e) {
      toast.error(errorText(e, '更换标段失败'));
    }
  };
  const offline = bid.writer === 'offline' || bid.card?.writer === 'offline';
  return (
    <div className="bid-head">
      <Typography.Title
        level={4}
        className="bid-head__name"
        editable={readOnly ? false : { onChange: (v) => void rename(v), tooltip: '重命名标书', maxLength: 100 }}
      >
        {bid.name || '未命名标书'}
      </Typography.Title>
      <Tag color="blue">{BID_TYPE_LABEL[bid.bidType] ?? '普通版'}</Tag>
      <Tag color={BID_STATUS_COLOR[bid.status]}>{BID_STATUS_LABEL[bid.status] ?? bid.status}</Tag>
      {offline ? (
        <Tooltip title="未接入大模型：招标要点与目录由规则引擎从原文中提取，请对照页码核对；接入大模型后可获得更完整的结果。">
          <Tag color="gold" data-testid="offline-badge">
            {TEXT.offlineMode}
          </Tag>
        </Tooltip>
      ) : null}
      {readOnly ? (
        <Tag icon={<LockOutlined />} color="default">
          只读
        </Tag>
      ) : null}
      <span className="bid-head__spacer" />
      {bid.lots.length > 1 && bid.lot ? (
        <span className="bid-head__lot">
          标段：
          <Select
            size="small"
            value={bid.lot}
            disabled={readOnly || isParsing(bid)}
            onChange={(v) => void changeLot(v)}
            options={bid.lots.map((l) => ({ value: l.id, label: l.name }))}
            style={{ minWidth: 160 }}
          />
        </span>
      ) : null}
      <span className="bid-muted bid-small">更新于 {bid.updateTime}</span>
    </div>
  );
}

/** /workbench/document/BidingDocument?id= */
export function BidWorkspace() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useBidDetail(id);
  const [retrying, setRetrying] = useState(false);

  if (!id) {
    return (
      <WorkbenchScreen
        purpose="还没有打开的标书"
        detail="标书编写区：上方是 上传 → 解析 → 目录 → 生成全文 → 检查 → 导出 的进度，左侧目录、中间章节、右侧招标要点与评分覆盖。"
        action={{ label: '新建标书', to: '/workbench/document' }}
        secondary={{ label: '我的标书', to: '/workbench/historyBook' }}
      />
    );
  }
  if (q.isLoading) {
    return (
      <div className="bid-center bid-center--tall">
        <Spin tip="正在打开标书…">
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </div>
    );
  }
  if (q.isError || !q.data) {
    return (
      <div className="wb-card">
        <Result
          status="warning"
          title={errorText(q.error, '标书打开失败')}
          subTitle="标书可能已被删除，或网络暂时不可用。"
          extra={[
            <Button key="list" type="primary" onClick={() => navigate('/workbench/historyBook')}>
              返回我的标书
            </Button>,
            <Button key="retry" onClick={() => void q.refetch()}>
              重试
            </Button>,
          ]}
        />
      </div>
    );
  }

  const bid = q.data;
  const retry = async () => {
    setRetrying(true);
    try {
      await retryParse(bid.id);
      await qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
    } catch (e) {
      toast.error(errorText(e, '重新解析失败，请稍后重试'));
    } finally {
      setRetrying(false);
    }
  };

  return <Workspace key={bid.id} bid={bid} retrying={retrying} onRetryParse={() => void retry()} />;
}
