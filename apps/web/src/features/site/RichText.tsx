import { useMemo, type ReactNode } from 'react';

const ALLOWED = new Set([
  'P', 'BR', 'H2', 'H3', 'H4', 'UL', 'OL', 'LI', 'STRONG', 'B', 'EM', 'I', 'U', 'BLOCKQUOTE', 'CODE', 'PRE', 'A', 'SPAN',
  'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'HR', 'DIV', 'SECTION',
]);

/** Keeps the structural tags of operator-written HTML; drops scripts, styles, event handlers and foreign links. */
function sanitize(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (!ALLOWED.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'BUTTON', 'IMG', 'SVG', 'VIDEO', 'AUDIO'].includes(child.tagName)) {
          child.remove();
        } else {
          walk(child);
          child.replaceWith(...Array.from(child.childNodes));
        }
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const keep = child.tagName === 'A' && attr.name === 'href' && /^(\/(?!\/)|https?:\/\/|#)/i.test(attr.value);
        if (!keep) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A' && /^https?:/i.test(child.getAttribute('href') ?? '')) {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      walk(child);
    }
  };
  const root = doc.body.firstElementChild ?? doc.body;
  walk(root);
  return root.innerHTML;
}

/** Plain text with light markup: blank lines split paragraphs, `## ` headings, `- ` / `1. ` list items. */
function fromText(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  blocks.forEach((block, i) => {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    if (!lines.length) return;
    const head = /^#{1,4}\s+(.*)$/.exec(lines[0]!);
    if (head && lines.length === 1) {
      out.push(<h2 key={i}>{head[1]}</h2>);
      return;
    }
    if (lines.every((l) => /^([-*•]|\d+[.、)])\s*/.test(l))) {
      const ordered = /^\d/.test(lines[0]!);
      const items = lines.map((l, j) => <li key={j}>{l.replace(/^([-*•]|\d+[.、)])\s*/, '')}</li>);
      out.push(ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>);
      return;
    }
    if (head) {
      out.push(<h2 key={`${i}h`}>{head[1]}</h2>);
      lines.shift();
    }
    out.push(
      <p key={i}>
        {lines.map((l, j) => (
          <span key={j}>
            {j > 0 ? <br /> : null}
            {l}
          </span>
        ))}
      </p>,
    );
  });
  return out;
}

/** An article body from the content store: sanitised HTML, or plain text turned into paragraphs. */
export function RichText({ body, className = 'site-article' }: { body: string | null | undefined; className?: string }) {
  const text = body ?? '';
  const isHtml = /<\/?(p|h[1-6]|ul|ol|li|br|strong|div|table|blockquote)\b/i.test(text);
  const html = useMemo(() => (isHtml ? sanitize(text) : ''), [isHtml, text]);
  if (isHtml) return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className={className}>{fromText(text)}</div>;
}
