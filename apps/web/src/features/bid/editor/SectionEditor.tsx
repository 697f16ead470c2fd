import { lazy, Suspense, useEffect, useRef, type JSX } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { countChars } from '@btz/shared';
import { errorText } from '../hooks';
import { fetchSection, sectionKey } from './api';
import { Head } from './Head';
import type { SectionEditorProps } from './types';
import './editor.css';

/** TipTap and the toolbar: their own chunk, fetched when the first section opens. */
const SectionBody = lazy(() => import('./SectionBody'));
/**
 * The centre pane's editor of one leaf section: loads the section, autosaves 1.5 s after the last change and on Ctrl+S
 * (each save carries the revision it was based on), offers AI actions on the selection, and shows the AI's text streaming
 * while it writes the section.
 */
export function SectionEditor(props: SectionEditorProps): JSX.Element {
  const { bidId, nodeId, title, readOnly, live } = props;
  const query = useQuery({
    queryKey: sectionKey(bidId, nodeId),
    queryFn: () => fetchSection(bidId, nodeId),
    enabled: !!bidId && !!nodeId,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  if (live) {
    return (
      <div className="sec-ed" data-testid="section-editor">
        <div className="sec-ed__top">
          <Head title={title} readOnly={readOnly} chars={countChars(live.text)} target={query.data?.targetChars} />
          <div className="sec-ed__live-label">
            <LoadingOutlined /> AI 正在编写本节…
          </div>
        </div>
        <LiveText text={live.text} />
      </div>
    );
  }

  return (
    <div className="sec-ed" data-testid="section-editor">
      {query.data ? (
        <Suspense fallback={<Loading title={title} readOnly={readOnly} />}>
          <SectionBody key={`${bidId}/${nodeId}`} {...props} data={query.data} reload={() => query.refetch()} />
        </Suspense>
      ) : (
        <>
          <Head title={title} readOnly={readOnly} />
          {query.isError ? (
            <Alert
              className="sec-ed__alert"
              type="error"
              showIcon
              title="本节正文加载失败"
              description={errorText(query.error, '请检查网络后重试')}
              action={
                <Button size="small" onClick={() => void query.refetch()}>
                  重试
                </Button>
              }
            />
          ) : (
            <Page />
          )}
        </>
      )}
    </div>
  );
}


function Page() {
  return (
    <div className="sec-ed__page">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

function Loading({ title, readOnly }: { title: string; readOnly: boolean }) {
  return (
    <>
      <Head title={title} readOnly={readOnly} />
      <Page />
    </>
  );
}

/** The AI's text as it arrives, read-only, with a blinking caret. */
function LiveText({ text }: { text: string }) {
  const caret = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    caret.current?.scrollIntoView({ block: 'nearest' });
  }, [text]);
  return (
    <div className="sec-ed__page sec-ed__live" data-testid="section-live">
      <div className="sec-ed__live-text">
        {text}
        <span ref={caret} className="sec-ed__caret" aria-hidden />
      </div>
    </div>
  );
}

