import { Alert, Empty, Progress, Tag } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, ExclamationCircleFilled, PayCircleOutlined, QuestionCircleFilled } from '@ant-design/icons';
import { COVERAGE_STATE_COLOR, COVERAGE_STATE_LABEL, type CoverageRow, type CoverageView } from './coverage';
import { CATEGORY_COLOR, CATEGORY_LABEL, formatTime } from './labels';
import './checks.css';

/**
 * 评分覆盖: every scoring row → the section(s) mapped to it and whether their text answers it (the server's check); a
 * click selects the section; rows without a section or without a response in red; rows the reader could not find as
 * 「未识别」, never counted.
 */
export function CoveragePanel({ view, selectedId, onSelect }: { view: CoverageView; selectedId: string | null; onSelect: (nodeId: string) => void }) {
  if (!view.rows.length && !view.unknown) return <Empty description="招标文件中没有识别到评分标准表，暂无覆盖情况" />;
  const unmapped = view.rows.filter((r) => r.state === 'unmapped');
  const weak = view.rows.filter((r) => r.state === 'partial' || r.state === 'unanswered');
  const complete = view.checked && view.percent === 100;
  return (
    <div className="bid-cov" data-testid="coverage">
      <div className="bid-cov__head">
        {view.checked ? (
          <Progress type="circle" size={64} percent={view.percent} status={complete ? 'success' : 'exception'} format={(p) => `${p}%`} />
        ) : (
          <div className="bid-cov__pending" title="写好正文后按正文检查">
            <ClockCircleOutlined />
            <span>待检查</span>
          </div>
        )}
        <div>
          <div className="bid-cov__title">
            评分项响应 {view.covered} / {view.total}
          </div>
          <div className="bid-muted bid-small">
            已分配章节 {view.mapped} / {view.total}
            {view.pointsTotal !== null ? `，已响应分值 ${view.pointsCovered} / ${view.pointsTotal} 分` : ''}
          </div>
          {view.pricePoints !== null ? <div className="bid-muted bid-small">另有价格分 {view.pricePoints} 分，按报价计算</div> : null}
          {unmapped.length ? (
            <div className="bid-cov__gap-hint">{unmapped.length} 个评分项没有对应章节：在目录中选中一个章节，在中间「响应的评分项」里添加它</div>
          ) : !view.checked ? (
            <div className="bid-cov__ok">
              {view.unknown ? '已识别的' : '每个'}评分项都已分配章节；写好正文后会按正文检查是否逐条响应评分要点
            </div>
          ) : weak.length ? (
            <div className="bid-cov__gap-hint">{weak.length} 个评分项的正文没有逐条响应评分要点：点击章节补充下面列出的要点</div>
          ) : complete ? (
            <div className="bid-cov__ok">每个评分项都有正文逐条响应</div>
          ) : null}
        </div>
      </div>
      {view.unknown ? (
        <Alert
          className="bid-cov__unknown"
          type="warning"
          showIcon
          data-testid="coverage-unknown"
          title={view.unknown.points !== null ? `未识别约 ${view.unknown.points} 分的评分项` : '评分项未能完整识别'}
          description={view.unknown.reason}
        />
      ) : null}
      <ul className="bid-cov__list">
        {view.rows.map((r) => (
          <Row key={r.scoringId} row={r} selectedId={selectedId} onSelect={onSelect} />
        ))}
        {view.unknown ? (
          <li className="bid-cov__row bid-cov__row--unknown" data-state="unknown" data-covered="false">
            <div className="bid-cov__item">
              <QuestionCircleFilled className="bid-cov__unknown-icon" />
              <span className="bid-cov__name">未识别的评分项</span>
              {view.unknown.points !== null ? <span className="bid-muted bid-small">约 {view.unknown.points} 分</span> : null}
              <Tag color="warning">未识别</Tag>
            </div>
            <div className="bid-cov__missing">请对照招标文件的评分办法核对，并在目录中为缺少的评分项增加章节</div>
          </li>
        ) : null}
      </ul>
      {view.checked && view.time ? (
        <div className="bid-muted bid-small bid-cov__time">按正文检查于 {formatTime(view.time)}，编辑保存后自动重新检查</div>
      ) : null}
    </div>
  );
}

function Row({ row: r, selectedId, onSelect }: { row: CoverageRow; selectedId: string | null; onSelect: (nodeId: string) => void }) {
  const bad = r.state === 'unmapped' || r.state === 'unanswered';
  const icon =
    r.state === 'answered' ? (
      <CheckCircleFilled className="bid-cov__ok-icon" />
    ) : bad ? (
      <ExclamationCircleFilled className="bid-cov__gap-icon" />
    ) : r.state === 'partial' ? (
      <ExclamationCircleFilled className="bid-cov__warn-icon" />
    ) : r.state === 'price' ? (
      <PayCircleOutlined className="bid-cov__wait-icon" />
    ) : (
      <ClockCircleOutlined className="bid-cov__wait-icon" />
    );
  return (
    <li className={`bid-cov__row${bad ? ' bid-cov__row--gap' : ''}${r.state === 'partial' ? ' bid-cov__row--partial' : ''}`} data-covered={r.covered} data-state={r.state}>
      <div className="bid-cov__item">
        {icon}
        <span className="bid-cov__name">{r.item}</span>
        {r.points !== null ? <span className="bid-muted bid-small">{r.points} 分</span> : null}
        {r.category ? <Tag color={CATEGORY_COLOR[r.category]}>{CATEGORY_LABEL[r.category]}</Tag> : null}
        {r.state !== 'price' ? <Tag color={COVERAGE_STATE_COLOR[r.state]}>{COVERAGE_STATE_LABEL[r.state]}</Tag> : null}
      </div>
      {r.missing.length ? <div className="bid-cov__missing">未见要点：{r.missing.join('、')}</div> : null}
      {r.nodes.length ? (
        <div className="bid-cov__nodes">
          →
          {r.nodes.map((n) => (
            <a key={n.id} className={`bid-cov__node${n.id === selectedId ? ' is-selected' : ''}`} onClick={() => onSelect(n.id)}>
              {n.number} {n.title || '未命名章节'}
            </a>
          ))}
        </div>
      ) : null}
    </li>
  );
}
