import { Empty, Progress, Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { CoverageView } from './coverage';
import { CATEGORY_COLOR, CATEGORY_LABEL } from './labels';

/** 评分覆盖: every scoring item → the section(s) answering it; a click selects the section; gaps in red. */
export function CoveragePanel({ view, selectedId, onSelect }: { view: CoverageView; selectedId: string | null; onSelect: (nodeId: string) => void }) {
  if (!view.total) return <Empty description="招标文件中没有识别到评分标准表，暂无覆盖情况" />;
  const gaps = view.total - view.covered;
  return (
    <div className="bid-cov" data-testid="coverage">
      <div className="bid-cov__head">
        <Progress
          type="circle"
          size={64}
          percent={view.percent}
          status={gaps ? 'exception' : 'success'}
          format={(p) => `${p}%`}
        />
        <div>
          <div className="bid-cov__title">
            评分项覆盖 {view.covered} / {view.total}
          </div>
          {view.pointsTotal !== null ? (
            <div className="bid-muted bid-small">
              覆盖分值 {view.pointsCovered} / {view.pointsTotal} 分
            </div>
          ) : null}
          {gaps ? (
            <div className="bid-cov__gap-hint">{gaps} 个评分项没有对应章节：在目录中选中一个章节，在中间「响应的评分项」里添加它</div>
          ) : (
            <div className="bid-cov__ok">每个评分项都有章节响应</div>
          )}
        </div>
      </div>
      <ul className="bid-cov__list">
        {view.rows.map((r) => (
          <li key={r.scoringId} className={`bid-cov__row${r.covered ? '' : ' bid-cov__row--gap'}`} data-covered={r.covered}>
            <div className="bid-cov__item">
              {r.covered ? <CheckCircleFilled className="bid-cov__ok-icon" /> : <ExclamationCircleFilled className="bid-cov__gap-icon" />}
              <span className="bid-cov__name">{r.item}</span>
              {r.points !== null ? <span className="bid-muted bid-small">{r.points} 分</span> : null}
              {r.category ? <Tag color={CATEGORY_COLOR[r.category]}>{CATEGORY_LABEL[r.category]}</Tag> : null}
              {!r.covered ? <Tag color="error">未覆盖</Tag> : null}
            </div>
            {r.nodes.length ? (
              <div className="bid-cov__nodes">
                →
                {r.nodes.map((n) => (
                  <a
                    key={n.id}
                    className={`bid-cov__node${n.id === selectedId ? ' is-selected' : ''}`}
                    onClick={() => onSelect(n.id)}
                  >
                    {n.number} {n.title || '未命名章节'}
                  </a>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
