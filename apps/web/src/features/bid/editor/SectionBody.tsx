import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { HistoryOutlined, LoadingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import type { Node as PmNode } from '@tiptap/pm/model';
import { AI_ACTION_LABELS, countChars, WRITE_TEXTS, type AiAction, type EditorJson, type SectionContent, type SectionSaved } from '@btz/shared';
import { toast } from '../../../lib/feedback';
import { errorText } from '../hooks';
import { aiErrorText, isStaleRevision, saveSection, sectionKey, streamAiAction } from './api';
import { refreshHealthSoon } from '../health';
import { aiTextToContent, clock, EMPTY_DOC, tail } from './content';
import { sectionExtensions } from './extensions';
import { Head } from './Head';
import { HistoryDrawer } from './HistoryDrawer';
import { SaveScheduler, type SaveSnapshot } from './saveScheduler';
import type { SectionEditorProps } from './types';
import { AI_ACTIONS, insertImageFile, Toolbar } from './Toolbar';

/*
 * The editor proper (TipTap). Loaded on first use (SectionEditor lazy-loads this module), so the workspace's own chunk
 * does not carry the editor library.
 */

/** 「已保存 09:30」: the time is the server's answer to the last save (or the section's own), not the browser's clock. */
function SaveStatus({ snap, savedTime, error, onRetry }: { snap: SaveSnapshot; savedTime: string | null; error: string | null; onRetry: () => void }) {
  switch (snap.state) {
    case 'saving':
      return <span className="sec-ed__status">保存中…</span>;
    case 'dirty':
    case 'stale':
      return <span className="sec-ed__status sec-ed__status--dirty">未保存</span>;
    case 'error':
      return (
        <span className="sec-ed__status sec-ed__status--error" title={error ?? undefined}>
          保存失败{error ? `：${error}` : ''} <a onClick={onRetry}>重试</a>
        </span>
      );
    default:
      return snap.savedAt && clock(savedTime) ? <span className="sec-ed__status">已保存 {clock(savedTime)}</span> : null;
  }
}

interface AiRun {
  action: AiAction;
  text: string;
  status: 'streaming' | 'done' | 'error';
  error?: string;
}

/** `YYYY-MM-DD HH:mm:ss` → ms (local time), for the first 「已保存」. */
function parseTime(s: string | null): number | null {
  if (!s) return null;
  const t = new Date(s.replace(' ', 'T')).getTime();
  return Number.isFinite(t) ? t : null;
}

export default function SectionBody({
  bidId,
  nodeId,
  title,
  readOnly,
  onSaved,
  data,
  reload,
}: SectionEditorProps & { data: SectionContent; reload: () => Promise<{ data?: SectionContent }> }) {
  const qc = useQueryClient();
  const busy = data.state === 'writing' || data.state === 'queued';
  const editable = !readOnly && !busy;

  const revision = useRef(data.revision);
  /** the document as of the last local change (ProseMirror nodes are immutable: safe to keep after the editor is gone) */
  const latest = useRef<PmNode | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const [snap, setSnap] = useState<SaveSnapshot>({ state: 'saved', savedAt: parseTime(data.updateTime) });
  const [savedTime, setSavedTime] = useState<string | null>(data.updateTime);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);

  const scheduler = useMemo(
    () =>
      new SaveScheduler({
        onChange: setSnap,
        save: async () => {
          const doc = latest.current;
          if (!doc) return 'ok';
          try {
            const saved = await saveSection(bidId, nodeId, { revision: revision.current, doc: doc.toJSON() as EditorJson });
            revision.current = saved.revision;
            setSavedTime(saved.updateTime);
            qc.setQueryData<SectionContent>(sectionKey(bidId, nodeId), (old) =>
              old
                ? { ...old, revision: saved.revision, chars: saved.chars, doc: saved.doc, updateTime: saved.updateTime, state: 'edited' }
                : old,
            );
            setSaveError(null);
            refreshHealthSoon(qc, bidId);
            onSavedRef.current?.(saved);
            return 'ok';
          } catch (e) {
            if (isStaleRevision(e)) {
              setStale(true);
              return 'stale';
            }
            setSaveError(errorText(e, '请检查网络后重试'));
            return 'error';
          }
        },
      }),
    [bidId, nodeId, qc],
  );

  const editor = useEditor(
    {
      extensions: sectionExtensions(),
      content: (data.doc as object | null) ?? EMPTY_DOC,
      editable,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { class: 'sec-ed__prose', spellcheck: 'false', 'aria-label': `${title} 正文` },
        handlePaste: (view, event) => {
          const files = Array.from(event.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'));
          if (!files.length || !view.editable) return false;
          const ed = editorRef.current;
          if (ed) for (const f of files) insertImageFile(ed, f);
          return true;
        },
        handleDrop: (view, event) => {
          const files = Array.from(event.dataTransfer?.files ?? []).filter((f) => f.type.startsWith('image/'));
          if (!files.length || !view.editable) return false;
          const ed = editorRef.current;
          const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          if (ed) for (const f of files) insertImageFile(ed, f, pos);
          event.preventDefault();
          return true;
        },
      },
      onUpdate: ({ editor: ed, transaction }) => {
        // `update` also fires for setEditable and other non-edits: only a changed document is a change
        if (!transaction.docChanged) return;
        latest.current = ed.state.doc;
        scheduler.change();
      },
    },
    [],
  );
  const editorRef = useRef<Editor | null>(editor);
  editorRef.current = editor;

  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // leaving the section (or the page): the pending change is saved now
  useEffect(() => {
    // set up again after its cleanup on the same component (StrictMode on mount, development): the scheduler runs again
    scheduler.resume();
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!scheduler.pending) return;
      void scheduler.flush();
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      void scheduler.dispose(true);
    };
  }, [scheduler]);

  // Ctrl+S / Cmd+S saves now
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      if (!editable) return;
      if (scheduler.snapshot.state === 'saved' && !scheduler.pending) toast.success('已保存');
      void scheduler.flush();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [scheduler, editable]);

  const replaceContent = useCallback(
    (next: SectionContent) => {
      editor.commands.setContent((next.doc as object | null) ?? EMPTY_DOC, { emitUpdate: false });
      revision.current = next.revision;
      latest.current = null;
      scheduler.reset(parseTime(next.updateTime));
      setSavedTime(next.updateTime);
      setSaveError(null);
    },
    [editor, scheduler],
  );

  // the section changed elsewhere (the AI finished it, another window saved): take it unless there are local changes
  useEffect(() => {
    if (data.revision > revision.current && !scheduler.pending && !stale) replaceContent(data);
  }, [data, scheduler, stale, replaceContent]);

  const onReload = async () => {
    setReloading(true);
    try {
      const r = await reload();
      if (r.data) {
        replaceContent(r.data);
        setStale(false);
      }
    } finally {
      setReloading(false);
    }
  };

  // ---------------------------------------------------------------- AI actions on the selection
  const [ai, setAi] = useState<AiRun | null>(null);
  const aiAbort = useRef<AbortController | null>(null);
  /** where the answer goes, mapped through later edits */
  const aiRange = useRef<{ from: number; to: number } | null>(null);

  useEffect(() => {
    const onTr = ({ transaction }: { transaction: { docChanged: boolean; mapping: { map(pos: number, assoc?: number): number } } }) => {
      const r = aiRange.current;
      if (!r || !transaction.docChanged) return;
      aiRange.current = { from: transaction.mapping.map(r.from, -1), to: transaction.mapping.map(r.to, 1) };
    };
    editor.on('transaction', onTr);
    return () => {
      editor.off('transaction', onTr);
    };
  }, [editor]);
  useEffect(() => () => aiAbort.current?.abort(), []);

  const startAi = (action: AiAction) => {
    const { state } = editor;
    const { from, to, empty } = state.selection;
    let text: string;
    if (action === 'continue') {
      text = tail(state.doc.textBetween(0, to, '\n', ' '));
      aiRange.current = { from: to, to };
    } else {
      if (empty) {
        toast.warning('请先选中要处理的文字');
        return;
      }
      text = state.doc.textBetween(from, to, '\n', ' ');
      aiRange.current = { from, to };
    }
    if (!text.trim()) {
      toast.warning(action === 'continue' ? '光标前还没有内容，无法续写' : '请先选中要处理的文字');
      return;
    }
    aiAbort.current?.abort();
    const ctrl = new AbortController();
    aiAbort.current = ctrl;
    setAi({ action, text: '', status: 'streaming' });
    streamAiAction(bidId, nodeId, { action, text }, (t) => setAi((r) => (r && aiAbort.current === ctrl ? { ...r, text: t } : r)), ctrl.signal)
      .then((full) => {
        if (aiAbort.current !== ctrl) return;
        setAi((r) => (r ? { ...r, text: full || r.text, status: 'done' } : r));
      })
      .catch((e: unknown) => {
        if (aiAbort.current !== ctrl) return;
        const msg = aiErrorText(e);
        setAi((r) => (r ? { ...r, status: msg ? 'error' : 'done', error: msg } : r));
      });
  };

  const stopAi = () => {
    aiAbort.current?.abort();
    setAi((r) => (r ? { ...r, status: 'done' } : r));
  };
  const discardAi = () => {
    aiAbort.current?.abort();
    aiAbort.current = null;
    aiRange.current = null;
    setAi(null);
  };
  const applyAi = () => {
    const range = aiRange.current;
    if (!ai || !range) return;
    const content = aiTextToContent(ai.text);
    if (!content.length) return discardAi();
    const size = editor.state.doc.content.size;
    const from = Math.min(range.from, size);
    const to = Math.min(range.to, size);
    const chain = editor.chain().focus();
    if (ai.action === 'continue') chain.insertContentAt(to, content).run();
    else chain.insertContentAt({ from, to }, content).run();
    discardAi();
  };

  const chars = useEditorState({ editor, selector: ({ editor: e }) => countChars(e.state.doc.textContent) });

  // ---------------------------------------------------------------- 历史版本 (issue 27)
  const [historyOpen, setHistoryOpen] = useState(false);
  /** what the editor still holds is saved first: a restore is based on it, and it stays in the history */
  const beforeRestore = async (): Promise<number | null> => {
    await scheduler.flush();
    if (scheduler.snapshot.state === 'stale' || scheduler.pending) {
      toast.error('本节有未保存的修改，请先处理保存提示后再恢复');
      return null;
    }
    return revision.current;
  };
  const onRestored = async (saved: SectionSaved) => {
    onSavedRef.current?.(saved);
    refreshHealthSoon(qc, bidId);
    const r = await reload();
    if (r.data) replaceContent(r.data);
  };

  return (
    <>
      <div className="sec-ed__top">
        <Head
          title={title}
          readOnly={readOnly}
          chars={chars}
          target={data.targetChars}
          status={editable ? <SaveStatus snap={snap} savedTime={savedTime} error={saveError} onRetry={() => void scheduler.flush()} /> : null}
          actions={
            <Button size="small" type="text" icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="editor-history">
              历史版本
            </Button>
          }
        />
        <HistoryDrawer
          bidId={bidId}
          nodeId={nodeId}
          title={title}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          canRestore={editable}
          beforeRestore={beforeRestore}
          onRestored={(saved) => void onRestored(saved)}
        />
        {stale ? (
          <Alert
            className="sec-ed__alert"
            type="warning"
            showIcon
            title={WRITE_TEXTS.staleRevision}
            action={
              <Button size="small" type="primary" loading={reloading} onClick={() => void onReload()} data-testid="editor-reload">
                重新加载
              </Button>
            }
          />
        ) : null}
        {editable ? <Toolbar editor={editor} aiBusy={ai?.status === 'streaming'} onAi={startAi} section={{ bidId, nodeId }} /> : null}
        {editable && ai ? <AiPanel run={ai} onApply={applyAi} onDiscard={discardAi} onStop={stopAi} /> : null}
      </div>
      {busy && !readOnly ? (
        <Alert
          className="sec-ed__alert"
          type="info"
          showIcon
          title={data.state === 'queued' ? '本节正在排队等待 AI 编写，完成后可编辑' : 'AI 正在编写本节，完成后可编辑'}
        />
      ) : null}
      {data.state === 'failed' && data.error ? (
        <Alert
          className="sec-ed__alert"
          type="error"
          showIcon
          title={`本节编写失败：${data.error}`}
          description="可在目录中重新编写本节，或直接在此输入正文。"
        />
      ) : null}
      <div className="sec-ed__page" onClick={(e) => e.target === e.currentTarget && editable && editor.commands.focus('end')}>
        <EditorContent editor={editor} />
      </div>
      {editable ? (
        <BubbleMenu
          editor={editor}
          className="sec-bubble"
          shouldShow={({ editor: e, state }) => e.isEditable && !state.selection.empty && !e.isActive('image') && !aiAbort.current}
          options={{ placement: 'top', offset: 8 }}
        >
          {AI_ACTIONS.filter((a) => a !== 'continue').map((a) => (
            <button key={a} type="button" className="sec-bubble__btn" onMouseDown={(e) => e.preventDefault()} onClick={() => startAi(a)}>
              {AI_ACTION_LABELS[a]}
            </button>
          ))}
        </BubbleMenu>
      ) : null}
    </>
  );
}

function AiPanel({ run, onApply, onDiscard, onStop }: { run: AiRun; onApply: () => void; onDiscard: () => void; onStop: () => void }) {
  const streaming = run.status === 'streaming';
  return (
    <div className="sec-ai" data-testid="editor-ai-panel" aria-live="polite">
      <div className="sec-ai__head">
        <span className="sec-ai__label">AI {AI_ACTION_LABELS[run.action]}</span>
        {streaming ? (
          <span className="sec-ai__state">
            <LoadingOutlined /> 正在生成…
          </span>
        ) : null}
      </div>
      {run.status === 'error' ? (
        <Alert type="error" showIcon title={run.error} />
      ) : (
        <div className="sec-ai__text">
          {run.text || (streaming ? '' : '（没有生成内容）')}
          {streaming ? <span className="sec-ed__caret" aria-hidden /> : null}
        </div>
      )}
      <div className="sec-ai__actions">
        {streaming ? (
          <Button size="small" onClick={onStop}>
            停止
          </Button>
        ) : null}
        {run.status !== 'error' ? (
          <Button size="small" type="primary" disabled={streaming || !run.text.trim()} onClick={onApply} data-testid="editor-ai-apply">
            {run.action === 'continue' ? '插入到光标后' : '替换选中内容'}
          </Button>
        ) : null}
        <Button size="small" onClick={onDiscard}>
          放弃
        </Button>
      </div>
    </div>
  );
}
