import { Alert, Button, Empty, Spin, Tooltip } from 'antd';
import { CloseCircleOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { pickPassage, repositoryKeys, suggestPassages } from './api';
import { PassageCard } from './Passage';
import './repository.css';

/**
 * A bid section's references from the repository: the 5 passages of past bids that best serve it (its title, scoring
 * rows and the tender's requirements), pinned ones first; each can be pinned to the section or excluded from it.
 */
export function SuggestPanel({ bidId, nodeId, readOnly }: { bidId: string; nodeId: string; readOnly: boolean }) {
  const qc = useQueryClient();
  const key = repositoryKeys.suggest(bidId, nodeId);
  const q = useQuery({ queryKey: key, queryFn: () => suggestPassages(bidId, nodeId), staleTime: 0 });
  const pick = async (passageId: string, p: 'pin' | 'exclude' | 'none', done: string) => {
    try {
      await pickPassage(bidId, nodeId, passageId, p);
      toast.success(done);
      void qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      toast.error(errorText(e, '操作失败，请稍后重试'));
    }
  };
  if (q.isLoading) return <Spin />;
  if (q.error) return <Alert type="error" showIcon title={errorText(q.error, '加载参考段落失败')} />;
  const data = q.data!;
  return (
    <div className="repo-suggest" data-testid="repo-suggest">
      <p className="repo-muted">
        按本章节标题、评分项与招标要求，从<Link to="/workbench/repository">知识库</Link>的历史标书中检索到的参考段落
        {data.excluded ? `（已排除 ${data.excluded} 个）` : ''}。固定的段落始终显示在前面。
      </p>
      {data.records.length ? (
        data.records.map((p) => {
          const pinned = data.pinned.includes(p.id);
          return (
            <PassageCard
              key={p.id}
              p={p}
              terms={data.terms}
              clip={200}
              actions={
                readOnly ? null : (
                  <>
                    <Tooltip title={pinned ? '取消固定' : '固定到本章节'}>
                      <Button
                        size="small"
                        type="text"
                        aria-label={pinned ? '取消固定' : '固定'}
                        icon={pinned ? <PushpinFilled style={{ color: '#1677ff' }} /> : <PushpinOutlined />}
                        onClick={() => void pick(p.id, pinned ? 'none' : 'pin', pinned ? '已取消固定' : '已固定到本章节')}
                      />
                    </Tooltip>
                    <Tooltip title="不再为本章节推荐">
                      <Button size="small" type="text" aria-label="排除" icon={<CloseCircleOutlined />} onClick={() => void pick(p.id, 'exclude', '已排除')} />
                    </Tooltip>
                  </>
                )
              }
            />
          );
        })
      ) : (
        <Empty description={<span>知识库中没有相关段落，<Link to="/workbench/repositorys/upload">上传历史标书</Link></span>} />
      )}
    </div>
  );
}
