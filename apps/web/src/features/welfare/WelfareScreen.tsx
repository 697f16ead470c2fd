import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import type { WelfareTaskCode } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { refreshUserInfo } from '../../stores/user';
import { claimWelfare, fetchWelfare, welfareKeys } from './api';
import { ShareContent, ShareDialog } from './ShareDialog';
import { TaskHeader } from './TaskHeader';
import { TaskList } from './TaskList';
import './welfare.css';

function useWelfare() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: welfareKeys.tasks, queryFn: fetchWelfare, staleTime: 0 });
  const [claiming, setClaiming] = useState<WelfareTaskCode | null>(null);
  const reload = () => void qc.invalidateQueries({ queryKey: welfareKeys.tasks });
  const claim = async (code: WelfareTaskCode) => {
    if (claiming) return;
    setClaiming(code);
    try {
      const r = await claimWelfare(code);
      toast.success(`领取成功：${r.reward}`);
      void qc.invalidateQueries({ queryKey: ['purchase', 'coupons'] });
      void refreshUserInfo();
    } catch {
      /* the request client showed the server's message */
    } finally {
      setClaiming(null);
      reload();
    }
  };
  return { q, claiming, claim, reload };
}

/** /workbench/welfareCenter: TaskHeader, TaskList and the ShareDialog. */
export function WelfareScreen({ part }: { part?: 'header' | 'list' | 'share' }) {
  const { q, claiming, claim, reload } = useWelfare();
  const [sharing, setSharing] = useState(false);
  const title = part === 'share' ? '分享有礼' : part === 'header' ? '任务概览' : part === 'list' ? '任务列表' : '福利中心';
  let body;
  if (part === 'share') {
    body = (
      <section className="wb-card wf-list">
        <ShareContent onShared={reload} />
      </section>
    );
  } else if (q.isError) {
    body = <Empty className="wb-card wb-empty" description="福利任务加载失败，请刷新页面重试" />;
  } else if (!q.data) {
    body = <Skeleton active className="wb-card wf-list" />;
  } else {
    body = (
      <>
        {part !== 'list' ? <TaskHeader summary={q.data.summary} /> : null}
        {part !== 'header' ? <TaskList tasks={q.data.tasks} claiming={claiming} onClaim={(c) => void claim(c)} onShare={() => setSharing(true)} /> : null}
      </>
    );
  }
  return (
    <div className="wb-screen wf-screen">
      <div className="wf-screen__top">
        <h1 className="wb-screen__title">{title}</h1>
        {part !== 'share' ? (
          <Button type="primary" icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
            分享有礼
          </Button>
        ) : null}
      </div>
      {body}
      <ShareDialog open={sharing} onClose={() => setSharing(false)} onShared={reload} />
    </div>
  );
}
