import { Link } from 'react-router';
import '../styles/errors.css';

/** The shared look of the 404 and 500 pages: an illustration, a heading, one line, the way back. */
export function ErrorView({ code, title, detail, children }: { code: '404' | '500'; title: string; detail: string; children?: React.ReactNode }) {
  return (
    <section className="btz-error" aria-labelledby="btz-error-title">
      <svg className="btz-error__art" viewBox="0 0 320 160" aria-hidden="true">
        <rect x="40" y="120" width="240" height="10" rx="5" fill="#e8edf7" />
        <text x="160" y="108" textAnchor="middle" fontSize="96" fontWeight="800" fill="var(--brand-primary)" opacity="0.18">
          {code}
        </text>
        <g transform="translate(130 30)">
          <path d="M8 0h34l16 16v62a6 6 0 0 1-6 6H8a6 6 0 0 1-6-6V6a6 6 0 0 1 6-6z" fill="#fff" stroke="var(--brand-primary)" strokeWidth="3" />
          <path d="M42 0v16h16" fill="none" stroke="var(--brand-primary)" strokeWidth="3" />
          <path d="M14 36h30M14 48h30M14 60h18" stroke="#c5d3f5" strokeWidth="4" strokeLinecap="round" />
        </g>
      </svg>
      <h1 id="btz-error-title" className="btz-error__title">
        {title}
      </h1>
      <p className="btz-error__detail">{detail}</p>
      {children}
      <div className="btz-error__actions">
        <Link className="btz-btn btz-btn--primary" to="/">
          返回首页
        </Link>
        <button type="button" className="btz-btn" onClick={() => window.history.back()}>
          返回上一页
        </button>
      </div>
    </section>
  );
}
