import { Progress } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import type { WelfareSummary } from '@btz/shared';

/** spec §2 welfareCenter/component/TaskHeader: progress over the tasks and what has been earned. */
export function TaskHeader({ summary }: { summary: WelfareSummary }) {
  const percent = summary.total ? Math.round((summary.claimed / summary.total) * 100) : 0;
  return (
    <section className="wb-card wf-header" aria-label="任务概览">
      <Progress type="circle" percent={percent} size={96} format={() => `${summary.claimed}/${summary.total}`} />
      <div className="wf-header__text">
        <h2>
          <GiftOutlined /> 完成任务领福利
        </h2>
        <p>
          已完成 <b>{summary.done}</b> 项任务，已领取 <b>{summary.claimed}</b> 项奖励
          {summary.done > summary.claimed ? <span className="wf-header__hint">（还有 {summary.done - summary.claimed} 项奖励待领取）</span> : null}
        </p>
        <div className="wf-header__earned">
          <span>已获得：</span>
          {summary.earned.length ? (
            <ul>
              {summary.earned.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          ) : (
            <span className="wf-muted">暂未领取奖励</span>
          )}
        </div>
      </div>
    </section>
  );
}
