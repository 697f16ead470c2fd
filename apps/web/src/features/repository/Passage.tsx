import type { ReactNode } from 'react';
import { FileTextOutlined } from '@ant-design/icons';
import { highlightParts, type RepositoryPassage } from './api';

/** A passage: its heading path, file and page, and the text with the searched words marked. */
export function PassageCard({ p, terms, clip = 320, actions }: { p: RepositoryPassage; terms: string[]; clip?: number; actions?: ReactNode }) {
  const text = p.text.length > clip ? `${p.text.slice(0, clip)}…` : p.text;
  return (
    <div className="repo-passage" data-testid="repo-passage">
      <div className="repo-passage__head">
        <span className="repo-passage__path">{p.heading.length ? p.heading.join(' › ') : '（无标题）'}</span>
        {actions ? <span className="repo-passage__actions">{actions}</span> : null}
      </div>
      <p className="repo-passage__text">
        {highlightParts(text, terms).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
      </p>
      <div className="repo-passage__src">
        <FileTextOutlined /> {p.fileName} · 第 {p.page} 页
      </div>
    </div>
  );
}
