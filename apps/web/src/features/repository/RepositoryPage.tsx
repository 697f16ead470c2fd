import { useState } from 'react';
import { Alert, Button, Empty, Input, Spin } from 'antd';
import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../bid/hooks';
import { repositoryKeys, searchRepository } from './api';
import { FileList } from './FileList';
import { PassageCard } from './Passage';
import './repository.css';

/** /workbench/repository: search the passages of the owner's past bids (ranked, words marked); the latest files below. */
export function RepositoryPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: repositoryKeys.search(keyword), queryFn: () => searchRepository(keyword), enabled: !!keyword });
  return (
    <div className="wb-screen repo-page">
      <div className="repo-head">
        <h1 className="wb-screen__title">知识库</h1>
        <div className="repo-head__actions">
          <Button icon={<FolderOpenOutlined />} onClick={() => navigate('/workbench/repositorys/BidDocuments')}>
            全部历史标书
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/workbench/repositorys/upload')}>
            上传历史标书
          </Button>
        </div>
      </div>
      <div className="repo-card">
        <Input.Search
          className="repo-search"
          placeholder="搜索历史标书中的段落，如：售后服务 响应时间"
          enterButton="搜索"
          allowClear
          maxLength={100}
          onSearch={(v) => setKeyword(v.trim())}
          aria-label="搜索知识库"
        />
        {!keyword ? <p className="repo-muted">撰写标书时，系统会按章节标题、评分项与招标要求自动检索这里的段落，在章节侧栏中推荐引用。</p> : null}
        {found.isFetching ? <Spin /> : null}
        {found.error ? <Alert type="error" showIcon title={errorText(found.error, '搜索失败，请稍后重试')} /> : null}
        {keyword && found.data ? (
          found.data.records.length ? (
            <div data-testid="repo-results">
              <p className="repo-muted">找到 {found.data.records.length} 个相关段落（按相关度排序）</p>
              {found.data.records.map((p) => (
                <PassageCard key={p.id} p={p} terms={found.data.terms} />
              ))}
            </div>
          ) : (
            <Empty description={`没有找到包含「${keyword}」的段落`} />
          )
        ) : null}
      </div>
      <div className="repo-card">
        <h3>最近上传</h3>
        <FileList size={5} paged={false} />
      </div>
    </div>
  );
}
