import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Segmented, Spin, Tag } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { bidKeys, fetchTenderPage, type BidFile } from './api';
import { splitAtExcerpt } from './excerpt';
import { findInBlocks, PageBlocks } from './PageBlocks';
import { errorText } from './hooks';
import { ROLE_LABEL } from './labels';

/** What a 「第N页」 link opens: a page of one of the bid's files, and the excerpt to highlight on it. */
export interface PageRef {
  file: string;
  page: number;
  excerpt?: string;
  /** what the excerpt supports (「项目编号」…) */
  label?: string;
}

/** The bid file a card source names (by file name; the main tender when the name is unknown). */
export function fileFor(files: readonly BidFile[], name: string | undefined): BidFile | undefined {
  return files.find((f) => f.name === name) ?? files.find((f) => f.role === 'main') ?? files[0];
}

/** The tender text of one page, the excerpt highlighted, with previous / next page. */
export function PageDrawer({ bidId, files, target, onClose }: { bidId: string; files: BidFile[]; target: PageRef | null; onClose: () => void }) {
  const file = target ? fileFor(files, target.file) : undefined;
  const [page, setPage] = useState(target?.page ?? 1);
  useEffect(() => {
    if (target) setPage(target.page);
  }, [target]);
  const fileId = file?.id ?? '';
  const q = useQuery({
    queryKey: bidKeys.page(bidId, fileId, page),
    queryFn: () => fetchTenderPage(bidId, fileId, page),
    enabled: !!target && !!fileId && page > 0,
    staleTime: 5 * 60_000,
  });
  const excerpt = target && page === target.page ? target.excerpt : undefined;
  const [before, match, after] = splitAtExcerpt(q.data?.text ?? '', excerpt);
  // The page as the model read it (tables as tables) when there is a model; the plain text when the user asks for it,
  // and when the excerpt is found in the text but in no one block (it runs over two) so it can still be highlighted.
  const [asText, setAsText] = useState(false);
  const blocks = q.data?.blocks?.length ? q.data.blocks : null;
  const showBlocks = !!blocks && !asText && !(excerpt && match && !findInBlocks(blocks, excerpt));
  const found = showBlocks ? !!findInBlocks(blocks, excerpt) : !!match;
  const markRef = useRef<HTMLElement>(null);
  useEffect(() => {
    markRef.current?.scrollIntoView({ block: 'center' });
  }, [q.data, match, showBlocks]);
  const pageCount = q.data?.pageCount ?? file?.pageCount ?? 0;

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      size={560}
      title={
        <div className="bid-page__title">
          <span>招标原文 · 第 {page} 页</span>
          {file ? (
            <Tag>
              {ROLE_LABEL[file.role] ?? '文件'}：{file.name}
            </Tag>
          ) : null}
        </div>
      }
      footer={
        <div className="bid-page__footer">
          <Button icon={<LeftOutlined />} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            上一页
          </Button>
          <span className="bid-muted">{pageCount ? `${page} / ${pageCount}` : ''}</span>
          <Button disabled={!!pageCount && page >= pageCount} onClick={() => setPage((p) => p + 1)}>
            下一页 <RightOutlined />
          </Button>
        </div>
      }
    >
      {target?.label && excerpt ? (
        <div className="bid-page__source">
          「{target.label}」的出处{found ? '已在下方高亮' : ''}
        </div>
      ) : null}
      {blocks ? (
        <Segmented
          size="small"
          className="bid-page__view"
          value={showBlocks ? 'blocks' : 'text'}
          onChange={(v) => setAsText(v === 'text')}
          options={[
            { label: '结构视图', value: 'blocks' },
            { label: '原文文本', value: 'text' },
          ]}
        />
      ) : null}
      {excerpt && q.data && !match ? (
        <Alert type="warning" showIcon title="该摘录未在本页原文中找到，请人工核对" description={excerpt} className="bid-page__alert" />
      ) : null}
      {!file ? (
        <Empty description="找不到对应的招标文件" />
      ) : q.isLoading ? (
        <div className="bid-center">
          <Spin />
        </div>
      ) : q.isError ? (
        <Alert type="error" showIcon title={errorText(q.error, '读取该页原文失败')} />
      ) : showBlocks ? (
        <div data-testid="page-text">
          <PageBlocks blocks={blocks} excerpt={excerpt} markRef={markRef} />
        </div>
      ) : (
        <pre className="bid-page__text" data-testid="page-text">
          {before}
          {match ? (
            <mark ref={markRef} className="bid-page__mark">
              {match}
            </mark>
          ) : null}
          {after}
          {!q.data?.text?.trim() ? <span className="bid-muted">（本页没有可识别的文字）</span> : null}
        </pre>
      )}
    </Drawer>
  );
}
