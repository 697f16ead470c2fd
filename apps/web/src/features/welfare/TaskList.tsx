import { useNavigate } from 'react-router';
import { Button, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { WelfareTask, WelfareTaskCode } from '@btz/shared';
import { TASK_LINK } from './api';
import { formatTime } from '../../lib/time';

export interface TaskListProps {
  tasks: WelfareTask[];
  /** the task whose claim is on its way */
  claiming: WelfareTaskCode | null;
  onClaim(code: WelfareTaskCode): void;
  onShare(): void;
}

/** spec §2 welfareCenter/component/TaskList: each task with its reward and 去完成 / 领取 / 已领取. */
export function TaskList({ tasks, claiming, onClaim, onShare }: TaskListProps) {
  const navigate = useNavigate();
  return (
    <section className="wb-card wf-list" aria-label="任务列表">
      <h2 className="wf-list__title">福利任务</h2>
      <ul>
        {tasks.map((t) => (
          <li key={t.code} className="wf-task" data-task={t.code}>
            <div className="wf-task__main">
              <div className="wf-task__title">
                {t.title}
                {t.state === 'claimed' ? <CheckCircleFilled className="wf-task__done" /> : null}
              </div>
              <div className="wf-task__desc">{t.description}</div>
              <div className="wf-task__reward">
                <Tag color="orange">奖励</Tag>
                {t.reward}
                {t.claimTime ? <span className="wf-muted">（{formatTime(t.claimTime)} 领取）</span> : null}
              </div>
            </div>
            {t.state === 'claimed' ? (
              <Button disabled>已领取</Button>
            ) : t.state === 'claimable' ? (
              <Button type="primary" loading={claiming === t.code} onClick={() => onClaim(t.code)}>
                领取
              </Button>
            ) : (
              <Button onClick={() => (TASK_LINK[t.code] ? navigate(TASK_LINK[t.code]!) : onShare())}>去完成</Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
