/**
 * Hostile format chapters (issue 24): tenders whose 投标文件格式 chapter is built to make the form reader or the blank
 * filler slow or the card huge —
 *   1. 1,000 forms, each with a 5-row price table (the card keeps a bounded number of forms and characters);
 *   2. a form whose lines are 3,000 spaces and underscores with no 年 or label after them (a backtracking bait for
 *      the blank patterns and the table-of-contents tests — until those were read from the line's end, 1,000-character
 *      blank lines took ~9 s to read and 3,000-character ones ~80 s on a loaded machine);
 *   3. one price form of 5,000 rows × 8 columns.
 * bench/hostile.ts uploads each to a real server in a child process and prints /healthz while it is read; then the card's
 * forms are filled here (the offline writer's form section for every form) and the time and the card's size printed.
 */
import { randomBytes } from 'node:crypto';
import type { TenderCard } from '@btz/shared';
import { buildTenderDocx } from '../../packages/bid-engine/test/fixtures/build.js';
import { TENDER_PAGES, type Block } from '../../packages/bid-engine/test/fixtures/tender.js';
import { buildFactSheet, writeSectionOffline } from '@btz/bid-engine/writer';
import { generateOutline, flattenOutline } from '@btz/bid-engine/tender';

const PRICE_HEAD = ['序号', '名称', '规格型号', '单位', '数量', '单价上限（元）', '单价（元）', '合价（元）'];
// varied cells (the upload's compression-ratio guard refuses a file of one row repeated before it is read)
const noise = (bytes = 6) => randomBytes(bytes).toString('hex');
const priceRows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => [String(from + i), `设备${noise(40)}`, `型号-${noise(40)}`, '台', String((i % 50) + 1), `${(i % 900) + 100}.00`, '', '']);
const widths = PRICE_HEAD.map(() => 1100);

function withChapter(forms: Block[][]): Promise<Buffer> {
  return buildTenderDocx([...TENDER_PAGES, [{ kind: 'h1', text: '第五章 投标文件格式' }, ...forms[0]!], ...forms.slice(1)]);
}

export const FORM_ATTACKS: Array<[string, string, () => Promise<Buffer>]> = [
  [
    '1,000 forms × a 5-row price table',
    '一千个格式.docx',
    () => withChapter(Array.from({ length: 1000 }, (_, i): Block[] => [{ kind: 'h2', text: `${i + 1}、分项报价表${i + 1}` }, { kind: 'p', text: '项目名称：' }, { kind: 'table', rows: [PRICE_HEAD, ...priceRows(5)], widths }])),
  ],
  [
    'a form of 3,000-character blank lines (backtracking bait)',
    '空白陷阱.docx',
    () =>
      withChapter([
        [
          { kind: 'h2', text: '一、投标函' },
          ...Array.from({ length: 5 }, (): Block => ({ kind: 'p', text: `致：${' '.repeat(1_500)}${'_'.repeat(1_500)}（${noise()}` })),
          { kind: 'p', text: `日期：${' \u3000'.repeat(750)}年${' '.repeat(1_500)}` },
        ],
        [{ kind: 'h2', text: '二、开标一览表' }, { kind: 'p', text: '项目名称：' }],
      ]),
  ],
  [
    'one price form of 5,000 rows × 8 columns',
    '五千行报价表.docx',
    () => withChapter([[{ kind: 'h2', text: '一、分项报价表' }, { kind: 'table', rows: [PRICE_HEAD, ...priceRows(5_000)], widths }], [{ kind: 'h2', text: '二、投标函' }, { kind: 'p', text: '致：（采购人名称）' }]]),
  ],
];

/** Every form part of the card written offline: the time it took, the characters written and the card's size. */
export function writeForms(card: TenderCard): { ms: number; sections: number; chars: number; cardKb: number; forms: number } {
  const t0 = performance.now();
  const { nodes } = generateOutline(card, { bidType: 1 });
  const facts = buildFactSheet(card, { bidType: 1 });
  let chars = 0;
  let sections = 0;
  for (const node of flattenOutline(nodes).filter((n) => n.isLeaf && n.mode === 'form')) {
    chars += writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [], facts, targetChars: 700, bidType: 1, outline: nodes }).chars;
    sections++;
  }
  return { ms: performance.now() - t0, sections, chars, cardKb: Buffer.byteLength(JSON.stringify(card)) / 1024, forms: card.forms?.length ?? 0 };
}

interface Run {
  child: { url: string };
  token: string;
  list: { token: string; apiPath: string; query: Record<string, string> };
  upload: (name: string, data: Buffer) => Promise<{ json: { success?: boolean; msg?: string; data?: { bidId: string } } | null }>;
  settle: (bidId: string) => Promise<{ parse: { state: string }; card?: TenderCard | null }>;
  report: (label: string, took: number, seen: Awaited<ReturnType<ReturnType<typeof import('../../apps/server/test/security/watch.js')['watchServer']>['stop']>>, extra?: string) => void;
}

/** Each attack uploaded and read while /healthz is watched; then its forms written offline here. */
export async function runFormAttacks(r: Run): Promise<void> {
  const { watchServer } = await import('../../apps/server/test/security/watch.js');
  for (const [label, name, make] of FORM_ATTACKS) {
    const data = await make();
    const watch = watchServer(r.child.url, r.list);
    const t0 = performance.now();
    const up = await r.upload(name, data);
    const d = up.json?.success ? await r.settle(up.json.data!.bidId) : null;
    const took = performance.now() - t0;
    await new Promise((res) => setTimeout(res, 500));
    r.report(`forms: ${label}`, took, await watch.stop(), `  (${(data.length / 1024 / 1024).toFixed(1)} MB file) → ${d ? `parse ${d.parse.state}` : `upload refused: ${up.json?.msg ?? ''}`}`);
    if (d?.card) {
      const w = writeForms(d.card);
      console.log(`  card: ${w.forms} forms kept, ${w.cardKb.toFixed(0)} KiB; ${w.sections} form sections written offline (${w.chars.toLocaleString('en')} characters) in ${w.ms.toFixed(0)} ms`);
    }
  }
}
