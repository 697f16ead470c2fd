import { unescapeHtml, type TestServer } from '../harness.js';

/** What a crawler reads from the head of a page. */
export function head(html: string) {
  const title = unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const meta = (name: string) => unescapeHtml(new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '');
  return {
    title,
    description: meta('description'),
    keywords: meta('keywords'),
    robots: meta('robots'),
    canonical: unescapeHtml(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? ''),
  };
}

/** The text of `#root` before any script runs (tags dropped, entities undone). */
export function rootText(html: string): string {
  const inner = /<div id="root">([\s\S]*?)<\/div>\s*(?:<script|<\/body>)/.exec(html)?.[1] ?? '';
  return unescapeHtml(inner.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** Every `href` inside `#root`. */
export function rootLinks(html: string): string[] {
  const inner = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
  return [...inner.matchAll(/<a href="([^"]*)"/g)].map((m) => unescapeHtml(m[1]!));
}

/** Every record of a paged content list call. */
export async function listAll<T = any>(t: TestServer, call: string, host: string): Promise<T[]> {
  const res = await t.api<any>(`/btz-skip/content/${call}`, { host, query: { current: 1, size: 100 } });
  if (!res.json?.success) throw new Error(`${call}: ${res.text}`);
  return res.json.data.records as T[];
}
