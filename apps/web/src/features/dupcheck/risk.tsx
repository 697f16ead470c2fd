import { Tag } from 'antd';
import { DUP_RISK_LABEL, type DupRisk } from '@btz/shared';

export const RISK_COLOR: Record<DupRisk, string> = { high: 'error', medium: 'warning', low: 'gold', none: 'success' };

export function RiskTag({ risk }: { risk: DupRisk | null }) {
  if (!risk) return null;
  return (
    <Tag color={RISK_COLOR[risk]} data-risk={risk}>
      {DUP_RISK_LABEL[risk]}
    </Tag>
  );
}

/** `text` with the [start, end) ranges marked. */
export function Highlighted({ text, marks }: { text: string; marks: Array<[number, number]> }) {
  const out: React.ReactNode[] = [];
  let at = 0;
  for (const [s, e] of marks) {
    if (s > at) out.push(text.slice(at, s));
    out.push(<mark key={s}>{text.slice(s, e)}</mark>);
    at = e;
  }
  if (at < text.length) out.push(text.slice(at));
  return <span className="dup-text">{out}</span>;
}
