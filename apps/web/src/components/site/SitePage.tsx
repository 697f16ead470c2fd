import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A public text page: breadcrumb, title, lead paragraph, content. */
export function SitePage({ title, lead, crumb, children }: { title: string; lead?: string; crumb?: ReactNode; children: ReactNode }) {
  return (
    <article className="site-page">
      <div className="site-page__crumb">
        <Link to="/">首页</Link> / {crumb ?? title}
      </div>
      <h1>{title}</h1>
      {lead ? <p className="site-page__lead">{lead}</p> : null}
      {children}
    </article>
  );
}
