import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Popconfirm, Progress, Tooltip } from 'antd';
import { CheckCircleOutlined, CloudSyncOutlined, ExportOutlined, FileDoneOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CODE, WRITE_TEXTS, type SectionState } from '@btz/shared';
import { isApiError } from '../../api/ApiError';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { refreshUserInfo } from '../../stores/user';
import { CompleteEntDialog, missingEssentials } from '../enterprise/CompleteEntDialog';
import { usePurchase } from '../purchase/store';
import { bidKeys, cancelWriting, fetchPageSettings, finishBid, savePageSettings, startWriting, type BidDetail } from './api';
import { errorText, type WritingState } from './hooks';
import { canStartWriting, needsWriting, progressDetail, progressFromStates, progressPercent, progressText } from './writing';

/**
 * The per-bid opt-in to invented facts (model writer only): off, a fact the user did not give becomes 【待填写：…】; on, the
 * model may propose a value, marked 【拟定：…】 so it is checked before submission.
 */
function InventFactsToggle({ bidId }: { bidId: string }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: bidKeys.pageSettings(bidId), queryFn: () => fetchPageSettings(bidId), staleTime: 60_000, retry: false });
  const [saving, setSaving] = useState(false);
  if (!q.data) return null;
  const settings = q.data;
  const change = async (inventFacts: boolean) => {
    setSaving(true);
    try {
      const saved = await savePageSettings(bidId, { ...settings, inventFacts });
      qc.setQueryData(bidKeys.pageSettings(bidId), saved);
    } catch (e) {
      toast.error(errorText(e, '保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Tooltip title="默认不编造：证书编号、人员、业绩等你未提供的信息以【待填写】标出。勾选后 AI 可拟定示例值，并以【拟定：…】标出，提交前务必逐项核实。">
      <Checkbox checked={settings.inventFacts} disabled={saving} onChange={(e) => void change(e.target.checked)} data-testid="invent-facts">
        允许 AI 拟定缺失信息
      </Checkbox>
    </Tooltip>
  );
}

/** The start, the cancel and the finish of writing; lives in the bar above the panes. */
export function useWriteActions(bid: BidDetail, writing: WritingState) {
  const [starting, setStarting] = useState(false);
  const [entOpen, setEntOpen] = useState(false);
  // a start refused for want of copies (5003 opened the purchase dialog): once the user pays there, writing starts by
  // itself — no second press of 一键生成全文; closing the dialog unpaid drops it
  const awaitingPay = useRef(false);
  const paid = usePurchase((s) => s.isPay);
  const dialogOpen = usePurchase((s) => s.open);

  const doStart = async (afterPaying = false) => {
    setStarting(true);
    try {
      const p = await startWriting(bid.id, afterPaying);
      writing.setProgress({ ...p, status: p.status ?? 'writing' });
      // a copy (or a VIP privilege) was spent: the header's counters change
      void refreshUserInfo();
      toast.success('已开始编写全文，可以离开本页，编写会在后台继续');
    } catch (e) {
      // 5003: no copies left — the request client has opened the purchase dialog; paying there starts the writing
      if (isApiError(e) && e.code === CODE.insufficient) awaitingPay.current = true;
      else toast.error(errorText(e, '开始编写失败，请稍后重试'));
    } finally {
      setStarting(false);
    }
  };

  useEffect(() => {
    if (!awaitingPay.current) return;
    if (paid) {
      awaitingPay.current = false;
      void doStart(true);
    } else if (!dialogOpen) awaitingPay.current = false;
    // doStart is recreated every render; the payment and the dialog's closing are what this waits for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid, dialogOpen]);

  /** 一键生成全文: the enterprise essentials first (CompleteEntDialog when some are missing), then write/start. */
  const start = async (askEssentials = true) => {
    if (starting) return;
    if (askEssentials) {
      setStarting(true);
      let missing: string[] = [];
      try {
        missing = await missingEssentials();
      } catch {
        missing = [];
      }
      setStarting(false);
      if (missing.length) {
        setEntOpen(true);
        return;
      }
    }
    await doStart();
  };

  const dialog = (
    <CompleteEntDialog
      open={entOpen}
      onDone={() => {
        setEntOpen(false);
        void doStart();
      }}
      onSkip={() => {
        setEntOpen(false);
        void doStart();
      }}
      onCancel={() => setEntOpen(false)}
    />
  );

  return { start, starting, dialog };
}

export function WritePanel({
  bid,
  writing,
  states,
  actions,
  onGoto,
}: {
  bid: BidDetail;
  writing: WritingState;
  states: Map<string, SectionState>;
  actions: ReturnType<typeof useWriteActions>;
  onGoto: (tab: 'health' | 'export') => void;
}) {
  const qc = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const p = writing.progress;
  const leaves = states.size;
  const open = [...states.values()].filter(needsWriting).length;
  const failed = [...states.values()].filter((s) => s === 'failed').length;

  const cancel = async () => {
    setCancelling(true);
    try {
      writing.setProgress(await cancelWriting(bid.id));
      void refreshUserInfo(); // nothing written yet: the copy is given back
      toast.info('已取消编写，写好的章节已保留');
    } catch (e) {
      toast.error(errorText(e, '取消失败，请稍后重试'));
    } finally {
      setCancelling(false);
      writing.refresh();
    }
  };

  const finish = async () => {
    if (!(await confirmDialog(WRITE_TEXTS.finished))) return;
    setFinishing(true);
    try {
      const detail = await finishBid(bid.id);
      qc.setQueryData<BidDetail>(bidKeys.detail(bid.id), detail);
      void qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
      void qc.invalidateQueries({ queryKey: ['bid', 'list'] });
      toast.success('标书已完成编写');
    } catch (e) {
      toast.error(errorText(e, '操作失败，请稍后重试'));
    } finally {
      setFinishing(false);
    }
  };

  const startButton = (label = '一键生成全文') => (
    <Button
      type="primary"
      size="large"
      icon={<ThunderboltOutlined />}
      loading={actions.starting}
      onClick={() => void actions.start()}
      data-testid="write-start"
    >
      {label}
    </Button>
  );

  let body: React.ReactNode;
  if (bid.status === 'writing') {
    const prog = p ?? progressFromStates(states.values());
    const detail = progressDetail(prog);
    body = (
      <>
        <div className="bid-write__progress" data-testid="write-progress">
          <div className="bid-write__line">
            <b className="bid-write__count">{progressText(prog)}</b>
            {detail ? <span className={`bid-small ${prog.failed ? 'bid-write__failed' : 'bid-muted'}`}>{detail}</span> : null}
          </div>
          <Progress percent={progressPercent(prog)} status="active" size="small" showInfo={false} />
          <div className="bid-muted bid-small">
            <CloudSyncOutlined /> 关闭页面后编写会在后台继续，回来时写好的章节都在。
          </div>
        </div>
        <Popconfirm
          title="取消编写"
          description="正在编写和排队的章节将停止，已写好的章节会保留。确定取消吗？"
          okText="确定"
          cancelText="再等等"
          onConfirm={() => cancel()}
        >
          <Button loading={cancelling} data-testid="write-cancel">
            取消编写
          </Button>
        </Popconfirm>
      </>
    );
  } else if (bid.status === 'outlined') {
    const partial = leaves - open;
    const cancelled = [...states.values()].filter((s) => s === 'cancelled').length;
    const last = [failed ? `${failed} 节编写失败` : '', cancelled ? `${cancelled} 节已取消` : ''].filter(Boolean).join('，');
    body = (
      <>
        <div className="bid-write__intro">
          <b>{partial ? `已写好 ${partial}/${leaves} 节，还有 ${open} 节待编写` : `目录已就绪，共 ${leaves} 个章节待编写`}</b>
          <span className="bid-muted bid-small">
            {last ? `上次编写：${last}。再次点击将只编写未写好的章节。` : partial ? '将继续编写其余章节。' : 'AI 会按每节响应的评分项与目标字数逐节撰写，文字实时出现在编辑区。'}
            编写在后台进行，可随时离开本页。
          </span>
        </div>
        {bid.writer === 'llm' ? <InventFactsToggle bidId={bid.id} /> : null}
        {startButton()}
      </>
    );
  } else if (bid.status === 'written') {
    const gaps = canStartWriting(bid.status, states.values());
    body = (
      <>
        <div className="bid-write__intro">
          <b>
            <CheckCircleOutlined className="bid-write__ok" /> 全文已写好（{leaves - open}/{leaves} 节）
          </b>
          <span className="bid-muted bid-small">
            {gaps ? `还有 ${open} 节${failed ? `（其中 ${failed} 节编写失败）` : ''}未写好，可再次一键生成。` : ''}
            建议先做「内容检查」，修改后导出；确认无误再完成编写。
          </span>
        </div>
        {gaps ? startButton(failed ? '重新编写失败章节' : '一键生成全文') : null}
        <Button onClick={() => onGoto('health')}>内容检查</Button>
        <Button icon={<ExportOutlined />} onClick={() => onGoto('export')}>
          导出
        </Button>
        <Tooltip title={WRITE_TEXTS.finished}>
          <Button type={gaps ? 'default' : 'primary'} icon={<FileDoneOutlined />} loading={finishing} onClick={() => void finish()} data-testid="write-finish">
            完成编写
          </Button>
        </Tooltip>
      </>
    );
  } else if (bid.status === 'finished') {
    body = (
      <>
        <div className="bid-write__intro">
          <b>
            <CheckCircleOutlined className="bid-write__ok" /> 已完成编写
          </b>
          <span className="bid-muted bid-small">内容已锁定为只读，仍可随时导出 Word 或 PDF。</span>
        </div>
        <Button type="primary" icon={<ExportOutlined />} onClick={() => onGoto('export')}>
          导出
        </Button>
      </>
    );
  } else {
    return null;
  }

  return (
    <div className={`wb-card bid-write bid-write--${bid.status}`} data-testid="write-panel">
      {body}
      {actions.dialog}
    </div>
  );
}
