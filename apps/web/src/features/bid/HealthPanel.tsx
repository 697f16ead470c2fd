import { useState } from 'react';
import { Alert, Button, Collapse, Empty, Progress, Spin, Tag } from 'antd';
import { EyeInvisibleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { checkWrittenBid } from '../bidcheck/api';
import { useQueryClient } from '@tanstack/react-query';
import { HEALTH_PASSING_SCORE, UNNAMED_CHAPTER, type BidOutlineNode } from '@btz/shared';
import { bidKeys, checkHealth } from './api';
import { useBidHealth } from './health';
import { errorText } from './hooks';
import { formatTime } from './labels';
import { findNode } from './outline';
import { SEVERITY_COLOR, SEVERITY_LABEL, SEVERITY_MEANING, groupFindings, scoreColor, scoreVerdict, type Finding } from './writing';
import './checks.css';

/**
 * 内容检查: the content-health score and its findings, each linking to its section. The result is the one stored with the
 * bid (shown again after a reload, with when it was checked); the server re-runs it after edits and when writing ends.
 */
export function HealthPanel({
  bidId,
  nodes,
  enabled,
  onSelect,
  anonymity = false,
}: {
  bidId: string;
  nodes: BidOutlineNode[];
  /** the bid is written (or finished) */
  enabled: boolean;
  onSelect: (nodeId: string) => void;
  /** the tender requires an anonymous technical bid (card.anonymity.required): offer the 暗标 check */
  anonymity?: boolean;
}) {
  const qc = useQueryClient();
  const stored = useBidHealth(bidId, enabled);
  const health = enabled ? stored.data : undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loadError = stored.error ? errorText(stored.error, '内容检查结果读取失败，请点击「重新检查」') : null;
  const navigate = useNavigate();
  const [anonBusy, setAnonBusy] = useState(false);
  const runAnonymity = async () => {
    setAnonBusy(true);
    setError(null);
    try {
      const { id } = await checkWrittenBid(bidId);
      navigate(`/workbench/BiddingTool?tool=anonymity&id=${encodeURIComponent(id)}`);
    } catch (e) {
      setError(errorText(e, '暗标检查失败，请稍后重试'));
      setAnonBusy(false);
    }
  };

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      qc.setQueryData(bidKeys.health(bidId), await checkHealth(bidId, true));
    } catch (e) {
      setError(errorText(e, '内容检查失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const where = (nodeId: string | null) => {
    if (!nodeId) return null;
    const n = findNode(nodes, nodeId);
    return n ? `${n.number} ${n.title || UNNAMED_CHAPTER}` : null;
  };

  const groups = health ? groupFindings(health.findings) : [];

  return (
    <div className="bid-health" data-testid="health-panel">
      <div className="bid-health__bar">
        <Button
          type={health ? 'default' : 'primary'}
          icon={<SafetyCertificateOutlined />}
          loading={busy || (enabled && stored.isFetching)}
          disabled={!enabled}
          onClick={() => void run()}
          data-testid="health-run"
        >
          {health ? '重新检查' : '检查内容'}
        </Button>
        {health ? (
          <span className="bid-muted bid-small" data-testid="health-time">
            检查于 {formatTime(health.time)} · 编辑保存后自动重新检查
          </span>
        ) : null}
      </div>
      {anonymity ? (
        <Alert
          className="bid-health__anon"
          type="warning"
          showIcon
          icon={<EyeInvisibleOutlined />}
          data-testid="health-anonymity"
          title="本项目招标文件要求暗标"
          description="检查各章节是否出现投标人名称、人员姓名、联系电话、突出显示等，并可一键修复。"
          action={
            <Button size="small" loading={anonBusy} disabled={!enabled} onClick={() => void runAnonymity()} data-testid="health-anonymity-run">
              暗标检查
            </Button>
          }
        />
      ) : null}
      {!enabled ? <Alert type="info" showIcon title="全文写好后即可检查：评分项响应、★条款、资格要求、与招标文件矛盾、待填写内容、重复段落、篇幅、错别字等。" /> : null}
      {error || loadError ? <Alert type="error" showIcon title={error ?? loadError} /> : null}
      {enabled && !health && stored.isLoading ? <Spin className="bid-health__loading" /> : null}
      {health ? (
        <>
          <div className="bid-health__score" data-testid="health-score">
            <Progress
              type="circle"
              percent={health.score}
              size={112}
              strokeColor={scoreColor(health.score)}
              format={() => (
                <span className="bid-health__num" style={{ color: scoreColor(health.score) }}>
                  {health.score}
                  <small>分</small>
                </span>
              )}
            />
            <div className="bid-health__verdict">
              <b>内容健康度</b>
              <span>{scoreVerdict(health.score)}</span>
              <span className="bid-muted bid-small bid-health__meta">
                <span>及格线 {HEALTH_PASSING_SCORE} 分</span>
                <span>
                  共 {health.findings.length} 项发现
                  {groups.length ? `，${groups.length} 类` : ''}
                </span>
                {health.placeholders?.count ? (
                  <span>
                    待填写 {health.placeholders.count} 处（每万字 {health.placeholders.per10k} 处）
                  </span>
                ) : null}
              </span>
            </div>
          </div>
          {health.capped ? (
            <Alert
              className="bid-health__cap"
              type="error"
              showIcon
              data-testid="health-cap"
              title={`最高只能得 ${health.capped.max} 分（未达及格线），请先处理：`}
              description={
                <ul>
                  {health.capped.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {groups.length ? (
            <Collapse
              className="bid-health__groups"
              size="small"
              defaultActiveKey={groups.slice(0, 3).map((g) => g.kind)}
              items={groups.map((g) => ({
                key: g.kind,
                label: (
                  <span className="bid-health__group">
                    <Tag color={SEVERITY_COLOR[g.severity]} title={SEVERITY_MEANING[g.severity]}>
                      {SEVERITY_LABEL[g.severity]}
                    </Tag>
                    {g.label}
                    <span className="bid-count">{g.findings.length}</span>
                  </span>
                ),
                children: <FindingList findings={g.findings} where={where} onSelect={onSelect} />,
              }))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有发现问题" />
          )}
        </>
      ) : enabled && !busy && !stored.isLoading ? (
        <p className="bid-muted bid-health__hint">
          点击「检查内容」，系统会逐节检查评分项是否有正文逐条响应、★条款与资格要求是否都有响应、与招标文件矛盾的数字、是否留有【待填写】内容、段落重复、篇幅不足、其他项目名称、前后矛盾和常见错别字，并给出 0–100 的健康分（{HEALTH_PASSING_SCORE} 分及格）。
        </p>
      ) : null}
    </div>
  );
}

/** Shown at first in a group; the rest behind 「展开其余 N 条」. */
const FIRST = 20;

function FindingList({
  findings,
  where,
  onSelect,
}: {
  findings: Finding[];
  where: (nodeId: string | null) => string | null;
  onSelect: (nodeId: string) => void;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? findings : findings.slice(0, FIRST);
  return (
    <ul className="bid-health__list">
      {shown.map((f, i) => {
        const at = where(f.nodeId);
        return (
          <li key={i} className="bid-health__item" data-kind={f.kind}>
            <div className="bid-health__msg">{f.message}</div>
            {f.excerpt ? <blockquote className="bid-health__excerpt">{f.excerpt}</blockquote> : null}
            {f.sourceExcerpt ? (
              <blockquote className="bid-health__source">
                <b>招标文件{f.sourcePage !== undefined ? `（第 ${f.sourcePage} 页）` : ''}：</b>
                {f.sourceExcerpt}
              </blockquote>
            ) : null}
            {f.nodeId ? (
              <Button type="link" size="small" className="bid-health__link" onClick={() => onSelect(f.nodeId!)}>
                {at ? `定位到 ${at}` : '定位到章节'}
              </Button>
            ) : (
              <span className="bid-muted bid-small">涉及全文</span>
            )}
          </li>
        );
      })}
      {findings.length > shown.length ? (
        <li className="bid-health__more">
          <Button type="link" size="small" onClick={() => setAll(true)}>
            展开其余 {findings.length - shown.length} 条
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
