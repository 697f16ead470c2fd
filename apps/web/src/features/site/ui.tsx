import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** `2026-12-18 09:30:00` → `2026-12-18` (or with time when `withTime`). */
export function formatDate(v: string | null | undefined, withTime = false): string {
  if (!v) return '';
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(v);
  if (!m) return v;
  return withTime && m[2] ? `${m[1]} ${m[2]}` : m[1]!;
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="sx-skeleton" aria-busy="true" aria-label="正在加载">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="sx-skeleton__row">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}

/** An empty or failed list: what happened, and what to do next. */
export function StateBox({
  kind,
  title,
  text,
  onRetry,
  action,
}: {
  kind: 'empty' | 'error';
  title: string;
  text?: string;
  onRetry?: () => void;
  action?: ReactNode;
}) {
  return (
    <div className={`sx-state sx-state--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="sx-state__icon" aria-hidden="true">
        {kind === 'error' ? (
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5v.01" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <path d="M4 7h16v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
            <path d="M4 7l2.5-3h11L20 7M9 12h6" />
          </svg>
        )}
      </div>
      <h3>{title}</h3>
      {text ? <p>{text}</p> : null}
      <div className="sx-state__actions">
        {onRetry ? (
          <button type="button" className="btz-btn btz-btn--primary" onClick={onRetry}>
            重新加载
          </button>
        ) : null}
        {action}
      </div>
    </div>
  );
}

/** Page numbers (first, last, the current one and its neighbours) with previous / next. */
export function Pager({ current, pages, onChange }: { current: number; pages: number; onChange: (p: number) => void }) {
  if (pages <= 1) return null;
  const nums = new Set([1, pages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= pages));
  const list = [...nums].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  list.forEach((n, i) => {
    if (i > 0 && n - list[i - 1]! > 1) items.push('gap');
    items.push(n);
  });
  return (
    <nav className="sx-pager" aria-label="分页">
      <button type="button" className="sx-pager__btn" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        上一页
      </button>
      {items.map((n, i) =>
        n === 'gap' ? (
          <span key={`g${i}`} className="sx-pager__gap">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={`sx-pager__btn${n === current ? ' is-current' : ''}`}
            aria-current={n === current ? 'page' : undefined}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button type="button" className="sx-pager__btn" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        下一页
      </button>
    </nav>
  );
}

/** Previous / next links under a detail page. */
export function PrevNext({
  base,
  prev,
  next,
}: {
  base: string;
  prev?: { id: string; title: string } | null;
  next?: { id: string; title: string } | null;
}) {
  if (!prev && !next) return null;
  return (
    <nav className="sx-prevnext" aria-label="上一篇 / 下一篇">
      <div>
        <span>上一篇</span>
        {prev ? <Link to={`${base}/${prev.id}.html`}>{prev.title}</Link> : <em>没有了</em>}
      </div>
      <div>
        <span>下一篇</span>
        {next ? <Link to={`${base}/${next.id}.html`}>{next.title}</Link> : <em>没有了</em>}
      </div>
    </nav>
  );
}

/** A detail page whose item could not be loaded (network, server error): the Chinese reason and the way back. */
export function DetailError({ text, back }: { text: string; back: { label: string; to: string } }) {
  return (
    <StateBox
      kind="error"
      title="内容暂时无法加载"
      text={text}
      onRetry={() => window.location.reload()}
      action={
        <Link className="btz-btn" to={back.to}>
          {back.label}
        </Link>
      }
    />
  );
}
