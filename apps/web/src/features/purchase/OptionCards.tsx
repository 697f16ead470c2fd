import type { KeyboardEvent, ReactNode } from 'react';
import { InputNumber, Table, Tooltip } from 'antd';
import { CheckOutlined, CloseOutlined, CheckCircleFilled, MinusOutlined } from '@ant-design/icons';
import { BID_TYPE, QUANTITY_MAX, QUANTITY_MIN, clampQuantity, formatYuan, priceYuan, type RechargeOption } from '@btz/shared';
import { describe, padToThree, pricePerPeriod, versionName } from './logic';

interface CardShellProps {
  selected: boolean;
  disabled?: boolean;
  hint?: string | null;
  cornerMark?: string;
  onSelect: () => void;
  className?: string;
  testId?: string;
  children: ReactNode;
}

function CardShell({ selected, disabled, hint, cornerMark, onSelect, className, testId, children }: CardShellProps) {
  const onKey = (e: KeyboardEvent) => {
    if (disabled) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect();
    }
  };
  const card = (
    <div
      role="radio"
      aria-checked={selected}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      className={`pd-card${selected ? ' is-selected' : ''}${disabled ? ' is-disabled' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => !disabled && onSelect()}
      onKeyDown={onKey}
      data-testid={testId}
    >
      {cornerMark ? <span className="pd-card__corner">{cornerMark}</span> : null}
      {selected ? <CheckCircleFilled className="pd-card__check" /> : null}
      {children}
      {hint ? <div className="pd-card__hint">{hint}</div> : null}
    </div>
  );
  return hint ? <Tooltip title={hint}>{card}</Tooltip> : card;
}

const Strike = ({ value }: { value: number }) => (value > 0 ? <s className="pd-card__strike">{formatYuan(value)}</s> : null);

/** A membership package: title, price per period, original price, expiry date (the server's: from its clock, zone and the running VIP), description. */
export function PeriodCard({ option, selected, onSelect }: { option: RechargeOption; selected: boolean; onSelect: () => void }) {
  return (
    <CardShell selected={selected} cornerMark={option.cornerMark} onSelect={onSelect} testId={`option-${option.id}`}>
      <div className="pd-card__title">{option.title}</div>
      <div className="pd-card__price">
        <b>{pricePerPeriod(option)}</b>
      </div>
      <Strike value={option.strokeMoney} />
      <div className="pd-card__expiry">有效期至 {option.expiryDate}</div>
      <p className="pd-card__desc">{option.describes}</p>
    </CardShell>
  );
}

/** The empty slots that complete a row of three. */
export function RowPadding({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: padToThree(count) }, (_, i) => (
        <div key={i} className="pd-card pd-card--pad" aria-hidden="true" />
      ))}
    </>
  );
}

/** A pay-as-needed per-copy pack with its quantity input; `{count}` in the description follows the quantity. */
export function PerCopyCard({
  option,
  selected,
  quantity,
  hint,
  onSelect,
  onQuantity,
}: {
  option: RechargeOption;
  selected: boolean;
  quantity: number;
  hint: string | null;
  onSelect: () => void;
  onQuantity: (n: number) => void;
}) {
  const disabled = Boolean(hint);
  return (
    <CardShell
      selected={selected}
      disabled={disabled}
      hint={hint}
      cornerMark={option.cornerMark}
      onSelect={onSelect}
      className="pd-card--copy"
      testId={`option-${option.id}`}
    >
      <div className="pd-card__title">
        {option.title}
        <span className={`pd-version pd-version--${option.bidType === BID_TYPE.flagship ? 'flagship' : 'basic'}`}>
          {versionName(option.bidType)}
        </span>
      </div>
      <div className="pd-card__price">
        <b>{formatYuan(option.money)}</b>
        <span>/份</span>
        <Strike value={option.strokeMoney} />
      </div>
      <p className="pd-card__desc">{describe(option, quantity)}</p>
      <div className="pd-qty" onClick={(e) => e.stopPropagation()}>
        <span>购买数量</span>
        <InputNumber
          min={QUANTITY_MIN}
          max={QUANTITY_MAX}
          precision={0}
          value={quantity}
          disabled={disabled}
          aria-label={`${option.title}购买数量`}
          data-testid={`quantity-${option.id}`}
          onFocus={() => !disabled && !selected && onSelect()}
          onChange={(v) => {
            // an emptied field keeps the last quantity until it loses focus, then falls back to 1 (spec §5)
            if (v === null || v === undefined) return;
            onQuantity(clampQuantity(v));
            if (!selected && !disabled) onSelect();
          }}
          onBlur={(e) => onQuantity(clampQuantity(e.target.value))}
          style={{ width: 112 }}
        />
        <span className="pd-qty__sum">
          小计 <b>{formatYuan(priceYuan(option.money, quantity))}</b>
        </span>
      </div>
    </CardShell>
  );
}

const Yes = () => <CheckOutlined className="pd-yes" aria-label="支持" />;
const No = () => <MinusOutlined className="pd-no" aria-label="不支持" />;

/** Spec §2 version comparison: traditional / illustrated bids and the two layout versions, flagship versus basic. */
export function VersionTable({ options }: { options: RechargeOption[] }) {
  const unit = (bidType: number) => options.find((o) => o.unitType === 2 && o.bidType === bidType);
  const rows = [
    { key: 'basic', version: '普通版', traditional: true, illustrated: false, layoutA: true, layoutB: false, scoring: '逐章响应', price: unit(BID_TYPE.basic) },
    { key: 'flagship', version: '旗舰版', traditional: true, illustrated: true, layoutA: true, layoutB: true, scoring: '逐条响应', price: unit(BID_TYPE.flagship) },
  ];
  const mark = (v: boolean) => (v ? <Yes /> : <No />);
  return (
    <Table
      className="pd-compare"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: '版本', dataIndex: 'version', width: 76, render: (v: string, r) => <b className={r.key === 'flagship' ? 'pd-compare__flag' : ''}>{v}</b> },
        { title: <Tooltip title="纯文字的传统投标文件">传统标</Tooltip>, dataIndex: 'traditional', align: 'center', render: mark },
        { title: <Tooltip title="图文并茂，自动配图与表格">图文标</Tooltip>, dataIndex: 'illustrated', align: 'center', render: mark },
        { title: <Tooltip title="版式一：标准公文排版">标准版式</Tooltip>, dataIndex: 'layoutA', align: 'center', render: mark },
        { title: <Tooltip title="版式二：封面、目录与章节精排">精美版式</Tooltip>, dataIndex: 'layoutB', align: 'center', render: mark },
        { title: '评分项', dataIndex: 'scoring', align: 'center' },
        {
          title: '单价',
          dataIndex: 'price',
          align: 'right',
          width: 110,
          render: (o: RechargeOption | undefined) => (o ? `${formatYuan(o.money)}/份` : '—'),
        },
      ]}
    />
  );
}

/** An enterprise yearly package with its privilege checklist. */
export function EnterpriseCard({ option, selected, onSelect }: { option: RechargeOption; selected: boolean; onSelect: () => void }) {
  return (
    <CardShell selected={selected} cornerMark={option.cornerMark} onSelect={onSelect} className="pd-card--ent" testId={`option-${option.id}`}>
      <div className="pd-card__title">{option.title}</div>
      <div className="pd-card__price">
        <b>{pricePerPeriod(option)}</b>
      </div>
      <Strike value={option.strokeMoney} />
      <div className="pd-card__expiry">有效期至 {option.expiryDate}</div>
      <p className="pd-card__desc">{option.describes}</p>
      <ul className="pd-privileges">
        {option.privileges.map((p) => (
          <li key={p.id} className={p.isChecked ? 'is-on' : 'is-off'}>
            {p.isChecked ? <CheckOutlined /> : <CloseOutlined />}
            <span>{p.name}</span>
          </li>
        ))}
      </ul>
    </CardShell>
  );
}
