/**
 * Operator-written rich text (issue 28) reduced to the structural tags the public article style knows — the same set the
 * web's RichText keeps — before it is stored. Written as a tokenizer that re-emits only what it recognises: every tag
 * outside the list is dropped (its text kept), script-like elements are dropped with their content, every attribute but
 * a safe `href` is dropped, text is escaped, and open tags are closed, so the output is well-formed whatever came in.
 */

const ALLOWED = new Set([
  'p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'code', 'pre', 'a', 'span',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'div', 'section',
]);
const VOID = new Set(['br', 'hr']);
/** elements whose content is no text for a reader either: dropped whole */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'noscript', 'textarea', 'title', 'head', 'select', 'video', 'audio', 'canvas']);
/** h1 is the page's own title: an h1 in a body becomes an h2 */
const RENAME: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4' };

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const SAFE_HREF = /^(\/(?![/\\])|https?:\/\/|#)/i;

const escText = (s: string) => s.replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string) => escText(s).replace(/"/g, '&quot;');

function hrefOf(attrs: string): string | null {
  for (const m of attrs.matchAll(ATTR)) {
    if (m[1]!.toLowerCase() !== 'href') continue;
    const v = (m[2] ?? m[3] ?? m[4] ?? '').trim();
    // anything encoded, spaced or control-charactered before the scheme fails the prefix test and is dropped
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a smuggled scheme hides behind
    return SAFE_HREF.test(v) && !/[\u0000-\u001f]/.test(v) && !/&(#|[a-z]+;)/i.test(v) ? v : null;
  }
  return null;
}

export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let skipping: string | null = null;
  for (const m of input.matchAll(TOKEN)) {
    const [whole, slash, rawName, attrs = ''] = m;
    if (rawName === undefined) {
      if (skipping) continue;
      // comments, doctypes, processing instructions: dropped; a lone '<' and plain text: escaped
      if (whole.startsWith('<!') || whole.startsWith('<?')) continue;
      out.push(escText(whole));
      continue;
    }
    const lower = rawName.toLowerCase();
    if (skipping) {
      if (slash && lower === skipping) skipping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(lower)) {
      if (!slash && !/\/\s*$/.test(attrs)) skipping = lower;
      continue;
    }
    const name = RENAME[lower] ?? lower;
    if (!ALLOWED.has(name)) continue;
    if (slash) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (name === 'a') {
      const href = hrefOf(attrs);
      out.push(href === null ? '<a>' : /^https?:/i.test(href) ? `<a href="${escAttr(href)}" target="_blank" rel="noopener noreferrer nofollow">` : `<a href="${escAttr(href)}">`);
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** A body holds HTML (else it is plain text, paragraphs split by blank lines) — the test the web's RichText makes. */
export function isHtmlBody(text: string): boolean {
  return /<\/?(p|h[1-6]|ul|ol|li|br|strong|div|table|blockquote)\b/i.test(text);
}
