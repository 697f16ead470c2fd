/**
 * A small tag-level XML rewriter for the parts of a DOCX: removes whole elements (with everything inside, nesting
 * respected) by name or by a test on the element, and strips attributes by name. It never parses text content, so the
 * bytes it does not touch come out as they went in. Comments, CDATA and processing instructions are passed through.
 */

/** A start, end or empty-element tag, or a comment / CDATA / PI / doctype run (kept as they are). */
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/?[A-Za-z_][^>]*>/g;

export interface ElementInfo {
  /** qualified name, e.g. `w:r` */
  name: string;
  /** the start tag's text, e.g. `<w:r w:rsidR="00AB12CD">` */
  open: string;
  /** the element's whole text (start tag to end tag); only computed when asked for (`needsBody`) */
  body: string;
}

const tagName = (tag: string): string => /^<\/?([^\s/>]+)/.exec(tag)?.[1] ?? '';

/**
 * Removes every element for which `drop` answers true. `drop` sees the element's start tag, and its whole text when the
 * name is in `bodyFor` (e.g. a run `w:r`, to look for `<w:vanish/>` in its properties). Elements inside a dropped one go
 * with it.
 */
export function removeElements(xml: string, drop: (el: ElementInfo) => boolean, bodyFor: ReadonlySet<string> = new Set()): string {
  const out: string[] = [];
  let last = 0;
  // open elements: name, where their start tag began in the source, whether the decision waits for the end tag
  const stack: { name: string; start: number; open: string; pending: boolean; outAt: number }[] = [];
  let skipDepth = -1; // stack depth of the element being dropped (everything deeper is dropped too)
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    const tag = m[0];
    const at = m.index;
    if (skipDepth < 0) out.push(xml.slice(last, at));
    last = at + tag.length;
    if (tag[1] === '!' || tag[1] === '?') {
      if (skipDepth < 0) out.push(tag);
      continue;
    }
    const name = tagName(tag);
    if (tag[1] === '/') {
      const el = stack.pop();
      if (!el) {
        if (skipDepth < 0) out.push(tag);
        continue;
      }
      if (skipDepth >= 0) {
        if (stack.length === skipDepth) skipDepth = -1;
        continue;
      }
      if (el.pending) {
        const body = xml.slice(el.start, at + tag.length);
        if (drop({ name: el.name, open: el.open, body })) {
          out.length = el.outAt; // forget what was written for it
          continue;
        }
      }
      out.push(tag);
      continue;
    }
    const selfClosing = tag.endsWith('/>');
    if (skipDepth >= 0) {
      if (!selfClosing) stack.push({ name, start: at, open: tag, pending: false, outAt: 0 });
      continue;
    }
    const pending = bodyFor.has(name) && !selfClosing;
    if (!pending && drop({ name, open: tag, body: selfClosing ? tag : '' })) {
      if (!selfClosing) {
        skipDepth = stack.length;
        stack.push({ name, start: at, open: tag, pending: false, outAt: 0 });
      }
      continue;
    }
    if (pending && stack.some((s) => s.pending)) {
      // a run inside a run (a text box in a drawing): decided with the outer one
      stack.push({ name, start: at, open: tag, pending: false, outAt: out.length });
      out.push(tag);
      continue;
    }
    if (!selfClosing) stack.push({ name, start: at, open: tag, pending, outAt: out.length });
    out.push(tag);
  }
  if (skipDepth < 0) out.push(xml.slice(last));
  return out.join('');
}

/** Removes the named attributes (exact names, or every name a RegExp matches) from every tag. */
export function stripAttributes(xml: string, names: RegExp): string {
  return xml.replace(TOKEN, (tag) => {
    if (tag[1] === '!' || tag[1] === '?' || tag[1] === '/') return tag;
    return tag.replace(/\s+([A-Za-z_][\w.:-]*)\s*=\s*("[^"]*"|'[^']*')/g, (all, name: string) => (names.test(name) ? '' : all));
  });
}

/** Sets the named attribute to `value` wherever it occurs. */
export function setAttribute(xml: string, name: string, value: string): string {
  const re = new RegExp(`(\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*)("[^"]*"|'[^']*')`, 'g');
  return xml.replace(re, (_all, lead: string) => `${lead}"${value}"`);
}

/** The attribute's value in a tag, or null. */
export function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return m ? (m[2] ?? m[3] ?? '') : null;
}

export function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}
