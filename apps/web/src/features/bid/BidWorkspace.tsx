import { useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/feedback';
import { WorkbenchScreen } from '../workbench/WorkbenchScreen';
import { bidKeys, retryParse } from './api';
import { errorText, useBidDetail } from './hooks';
import { Workspace } from './workspace/Workspace';
import './bid.css';

/**
 * /workbench/document/BidingDocument?id= — the bid workspace route: loading and load errors here, the workspace itself in
 * ./workspace/ (Workspace, its header, stepper, parse progress and failure, lot picker, and the three panes).
 */
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
