import type { ReactNode } from 'react';
import { Alert, Collapse, Empty, Table, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import {
  CARD_FACT_KEYS,
  CARD_LABELS,
  cardReview,
  COMPOSITION_BASIS_NOTES,
  formatYuan,
  type CardClause,
  type CardEntry,
  type CardFact,
  type CardFactKey,
  type CardFlag,
  type CardSource,
  type CompositionPart,
  type FactVersion,
  type ScoringItem,
  type TenderCard,
} from '@btz/shared';
import type { BidFile } from './api';
import type { PageRef } from './PageDrawer';
import { CATEGORY_COLOR, CATEGORY_LABEL, FLAG_COLOR, FLAG_LABEL, ROLE_LABEL } from './labels';

type OpenPage = (ref: PageRef) => void;

const MONEY_KEYS: CardFactKey[] = ['budget', 'ceilingPrice'];

/** A fact's value as shown: money as ¥1,280.00, the rest as the tender words it (normalised value first). */
export function factValue(key: CardFactKey, fact: CardFact<string | number>): string {
  if (MONEY_KEYS.includes(key) && typeof fact.value === 'number') return formatYuan(fact.value);
  if (key === 'bidBond') {
    const amount = (fact as CardFact & { amount?: number }).amount;
    return typeof amount === 'number' ? `${formatYuan(amount)}（${fact.text}）` : fact.text || String(fact.value);
  }
  return String(fact.value ?? '') || fact.text;
}

const versionValue = (key: CardFactKey, v: FactVersion<string | number>) =>
  MONEY_KEYS.includes(key) && typeof v.value === 'number' ? formatYuan(v.value) : String(v.value || v.text);

/** 「第N页」 (with the file's role when the source is not the main tender). */
export function SourceLink({ source, files, onOpen, label }: { source: CardSource | undefined; files: BidFile[]; onOpen: OpenPage; label?: string }) {
  if (!source?.page) return null;
  const file = files.find((f) => f.name === source.file);
  const prefix = file && file.role !== 'main' ? `${ROLE_LABEL[file.role]} ` : '';
  return (
    <Tooltip title={source.file ? `${source.file}：${source.excerpt || ''}` : source.excerpt}>
      <a
        className="bid-src"
        onClick={(e) => {
          e.stopPropagation();
          onOpen({ file: source.file, page: source.page, excerpt: source.excerpt, label });
        }}
      >
        {prefix}第{source.page}页
      </a>
    </Tooltip>
  );
}

const FLAG_HINT: Record<CardFlag, string> = {
  unverified: '引用的原文未在所标页码中找到，不能作为事实使用，请点击页码人工核对',
  conflict: '招标文件中对此有不同的说法，见下方列出的其他取值',
  overridden: '后上传的补遗/答疑文件更新了此项，原值见下方',
  'llm-mismatch': 'AI 提取的结果与规则提取的结果不一致，请核对原文',
  uncertain: '此项取自招标文件中不够明确的位置（正文句子、封面标题或无标注的表格），请点击页码核对',
};

/** Flags of an entry; an unverified entry always shows 待核实 (even when the server listed no flag). */
export function entryFlags(entry: CardEntry): CardFlag[] {
  const flags = new Set<CardFlag>(entry.flags ?? []);
  if (!entry.verified) flags.add('unverified');
  return [...flags];
}

function Flags({ entry }: { entry: CardEntry }) {
  return (
    <>
      {entryFlags(entry).map((f) => (
        <Tooltip key={f} title={FLAG_HINT[f]}>
          <Tag color={FLAG_COLOR[f]} className="bid-flag" icon={f === 'unverified' ? <WarningOutlined /> : undefined}>
            {FLAG_LABEL[f]}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}

function FactRow({ k, fact, files, onOpen }: { k: CardFactKey; fact: CardFact<string | number> | null; files: BidFile[]; onOpen: OpenPage }) {
  const label = CARD_LABELS[k];
  if (!fact) {
    return (
      <div className="bid-fact bid-fact--missing" data-key={k}>
        <div className="bid-fact__label">{label}</div>
        <div className="bid-fact__value bid-muted">招标文件中未找到</div>
      </div>
    );
  }
  const unverified = !fact.verified;
  return (
    <div className={`bid-fact${unverified ? ' bid-fact--unverified' : ''}`} data-key={k}>
      <div className="bid-fact__label">{label}</div>
      <div className="bid-fact__body">
        <div className="bid-fact__value">
          <span className="bid-fact__text" title={fact.text}>
            {factValue(k, fact)}
          </span>
          <SourceLink source={fact.source} files={files} onOpen={onOpen} label={label} />
          <Flags entry={fact} />
        </div>
        {fact.overridden?.length ? (
          <div className="bid-fact__versions">
            {fact.overridden.map((v, i) => (
              <div key={i}>
                原值：<s>{versionValue(k, v)}</s> <SourceLink source={v.source} files={files} onOpen={onOpen} label={label} />
              </div>
            ))}
          </div>
        ) : null}
        {fact.conflicts?.length ? (
          <div className="bid-fact__versions">
            {fact.conflicts.map((v, i) => (
              <div key={i}>
                另有说法：{versionValue(k, v)} <SourceLink source={v.source} files={files} onOpen={onOpen} label={label} />
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ClauseList({ items, files, onOpen, label }: { items: CardClause[]; files: BidFile[]; onOpen: OpenPage; label: string }) {
  if (!items.length) return <div className="bid-muted bid-list-empty">招标文件中未找到{label}</div>;
  return (
    <ol className="bid-clauses">
      {items.map((c) => (
        <li key={c.id} className={c.verified ? '' : 'bid-clause--unverified'}>
          <span>{c.text}</span> <SourceLink source={c.source} files={files} onOpen={onOpen} label={label} />
          <Flags entry={c} />
        </li>
      ))}
    </ol>
  );
}

function ScoringTable({ items, check, files, onOpen }: { items: ScoringItem[]; check?: TenderCard['scoringCheck']; files: BidFile[]; onOpen: OpenPage }) {
  if (!items.length) return <div className="bid-muted bid-list-empty">招标文件中未找到评分标准表</div>;
  const total = Math.round(items.reduce((a, s) => a + (s.points ?? 0), 0) * 100) / 100;
  return (
    <>
      {check?.problem ? (
        <div className="bid-card__warn" data-testid="scoring-check">
          <WarningOutlined /> {check.problem}
        </div>
      ) : null}
      <Table<ScoringItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={items}
        className="bid-scoring"
        columns={[
          {
            title: '评分项',
            dataIndex: 'item',
            render: (_: unknown, s) => (
              <div>
                <div>
                  {s.item} <Flags entry={s} />
                </div>
                {s.criteria ? <div className="bid-muted bid-small">{s.criteria}</div> : null}
              </div>
            ),
          },
          { title: '分值', dataIndex: 'points', width: 56, align: 'right', render: (p: number | null) => (p === null ? '—' : p) },
          {
            title: '类别',
            dataIndex: 'category',
            width: 64,
            render: (c: ScoringItem['category']) => <Tag color={CATEGORY_COLOR[c]}>{CATEGORY_LABEL[c]}</Tag>,
          },
          {
            title: '出处',
            width: 70,
            render: (_: unknown, s) => <SourceLink source={s.source} files={files} onOpen={onOpen} label={`评分项「${s.item}」`} />,
          },
        ]}
        summary={() =>
          total ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {total}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={2} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}

function CompositionList({ items, files, onOpen }: { items: CompositionPart[]; files: BidFile[]; onOpen: OpenPage }) {
  if (!items.length) return <div className="bid-muted bid-list-empty">招标文件未规定投标文件组成，目录按商务/资信/技术/报价组织</div>;
  // a composition not read from the tender's own list of parts says so (issue 23)
  const basis = items.find((c) => c.basis)?.basis;
  const note = basis ? COMPOSITION_BASIS_NOTES[basis] : null;
  return (
    <>
      {note ? <Alert type="info" showIcon message={note} className="bid-small" data-testid="composition-basis" /> : null}
      <ol className="bid-clauses">
        {items.map((c) => (
          <li key={c.id}>
            <b>{c.title}</b>
            {c.note ? <span className="bid-muted">：{c.note}</span> : null}{' '}
            <SourceLink source={c.source} files={files} onOpen={onOpen} label="投标文件组成" />
            {c.form ? (
              <span className="bid-muted bid-small">
                {' '}格式：
                <SourceLink source={{ file: c.source.file, page: c.form.page, excerpt: c.form.title }} files={files} onOpen={onOpen} label={`格式「${c.form.title}」`} />
              </span>
            ) : null}
            <Flags entry={c} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** The prescribed format of a card's anonymity rules as short tags. */
function anonymityFormat(a: NonNullable<TenderCard['anonymity']>): string[] {
  const f = a.format;
  return [
    a.required && (a.scope ? `${a.scope}暗标` : '暗标'),
    f.font && `字体 ${f.font}`,
    f.sizeName && `字号 ${f.sizeName}`,
    f.lineSpacing && `行距 ${f.lineSpacing.text}`,
    f.paper && `纸张 ${f.paper}`,
    f.marginCm !== undefined && `页边距 ${f.marginCm} 厘米`,
    f.maxPages && `不超过 ${f.maxPages} 页`,
    f.blackText && '文字黑色',
    f.noHeaderFooter && '不设页眉页脚',
  ].filter((x): x is string => !!x);
}

/** 招标要点: every fact with its source page; unverified items marked 待核实, never shown as plain fact. */
export function TenderCardPanel({ card, files, onOpen }: { card: TenderCard | null; files: BidFile[]; onOpen: OpenPage }) {
  if (!card) return <Empty description="解析完成后，这里会列出招标要点" />;
  const unverified = [
    ...CARD_FACT_KEYS.map((k) => card[k]).filter((f): f is NonNullable<typeof f> => !!f && !f.verified),
  ].length;
  const nothing = CARD_FACT_KEYS.every((k) => !card[k]) && !card.scoring.length && !card.composition.length;
  const review = nothing ? [] : cardReview(card);
  const section = (key: string, label: ReactNode, count: number, children: ReactNode) => ({
    key,
    label: (
      <span>
        {label} <span className="bid-count">{count}</span>
      </span>
    ),
    children,
  });
  return (
    <div className="bid-card" data-testid="tender-card">
      {card.lot && card.lots.length > 1 ? (
        <div className="bid-card__lot">
          本标书响应：<Tag color="blue">{card.lots.find((l) => l.id === card.lot)?.name ?? card.lot}</Tag>
          <span className="bid-muted bid-small">其他标段的内容已排除</span>
        </div>
      ) : null}
      {nothing ? (
        <Alert
          type="warning"
          showIcon
          className="bid-card__nothing"
          title="没有从文件中识别出招标要点"
          description="请确认上传的是招标文件（而不是投标文件或其他资料）；扫描件请尽量清晰。也可以在「文件」中补充上传招标文件。"
        />
      ) : null}
      {review.length ? (
        <Alert
          type="warning"
          showIcon
          className="bid-card__review"
          data-testid="card-review"
          title={`需要人工核对（${review.length} 项）`}
          description={
            <ul className="bid-card__review-list">
              {review.map((r, i) => (
                <li key={i}>{r.text}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {unverified ? (
        <div className="bid-card__warn">
          <WarningOutlined /> {unverified} 项未能在原文中核实，已标为「待核实」，请点击页码核对
        </div>
      ) : null}
      <div className="bid-facts">
        {CARD_FACT_KEYS.map((k) => (
          <FactRow key={k} k={k} fact={card[k] as CardFact<string | number> | null} files={files} onOpen={onOpen} />
        ))}
      </div>
      <Collapse
        className="bid-card__lists"
        size="small"
        defaultActiveKey={['scoring', 'starClauses', 'composition']}
        items={[
          section('qualifications', CARD_LABELS.qualifications, card.qualifications.length, (
            <ClauseList items={card.qualifications} files={files} onOpen={onOpen} label="资格要求" />
          )),
          section('scoring', CARD_LABELS.scoring, card.scoring.length, <ScoringTable items={card.scoring} check={card.scoringCheck} files={files} onOpen={onOpen} />),
          section('starClauses', CARD_LABELS.starClauses, card.starClauses.length, (
            <ClauseList items={card.starClauses} files={files} onOpen={onOpen} label="★ 条款" />
          )),
          section('importantClauses', CARD_LABELS.importantClauses, card.importantClauses.length, (
            <ClauseList items={card.importantClauses} files={files} onOpen={onOpen} label="▲ 条款" />
          )),
          section('invalidClauses', CARD_LABELS.invalidClauses, card.invalidClauses.length, (
            <ClauseList items={card.invalidClauses} files={files} onOpen={onOpen} label="废标条款" />
          )),
          section('composition', CARD_LABELS.composition, card.composition.length, (
            <CompositionList items={card.composition} files={files} onOpen={onOpen} />
          )),
          section('formatRules', CARD_LABELS.formatRules, card.formatRules.length, (
            <ClauseList items={card.formatRules} files={files} onOpen={onOpen} label="格式要求" />
          )),
          ...(card.anonymity
            ? [
                section(
                  'anonymity',
                  card.anonymity.required ? '暗标要求' : '排版要求',
                  card.anonymity.clauses.length,
                  <div data-testid="card-anonymity">
                    <p className="bid-small">
                      {anonymityFormat(card.anonymity).map((t) => (
                        <Tag key={t}>{t}</Tag>
                      ))}
                      {card.anonymity.advisory ? <span className="bid-muted">（招标文件为建议，非强制）</span> : null}
                    </p>
                    <ClauseList items={card.anonymity.clauses} files={files} onOpen={onOpen} label={card.anonymity.required ? '暗标要求' : '排版要求'} />
                  </div>,
                ),
              ]
            : []),
        ]}
      />
    </div>
  );
}
