import type { PageText } from '../paginate.js';

/**
 * Gives blocks the page whose text holds them. The readers without a layout build `pages` from the same lines the
 * blocks come from; this walks those pages with a cursor that only moves forward, finding each line where it was
 * printed (the first line of a block gives `page`, its last line `pageEnd`). A line the page estimate cut in two is
 * found by its beginning. So a block's page is, by construction, the page whose text contains it.
 */
export class PageLocator {
  private p = 0;
  private off = 0;

  constructor(private pages: PageText[]) {}

  /** Page number of the cursor (where the last line found was). */
  get page(): number {
    return this.pages[this.p]?.page ?? 1;
  }

  /** The pages a (possibly multi-line) text runs over; empty text stays where the cursor is. */
  locate(text: string): { page: number; pageEnd: number } {
    const lines = text.split('\n').map(norm).filter(Boolean);
    if (!lines.length) return { page: this.page, pageEnd: this.page };
    const page = this.find(lines[0]!);
    let pageEnd = page;
    for (let i = 1; i < lines.length; i++) pageEnd = this.find(lines[i]!);
    return { page, pageEnd };
  }

  private find(line: string): number {
    for (const probe of [line, line.slice(0, 20), line.slice(0, 6)]) {
      if (!probe) continue;
      for (let q = this.p; q < Math.min(this.pages.length, this.p + 4); q++) {
        const at = this.pages[q]!.text.indexOf(probe, q === this.p ? this.off : 0);
        if (at >= 0) {
          this.p = q;
          this.off = at + probe.length;
          return this.page;
        }
      }
    }
    return this.page;
  }
}

function norm(l: string): string {
  return l.replace(/\u00a0/g, ' ').trim();
}
