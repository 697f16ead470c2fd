/**
 * Export time of a ~300-page bid: `npm run bench -- export` or `node --import tsx bench/export.ts [sections] [charsPerSection]`
 * (defaults 150 × 2,500 characters, with a table every tenth section). Prints the median of 5 runs after a warm-up.
 */
import type { EditorDoc } from '@btz/bid-engine/export';
import { exportBidDocx, type ExportOutlineNode } from '@btz/bid-engine/export';

const sectionsCount = Number(process.argv[2] ?? 150);
const chars = Number(process.argv[3] ?? 2500);
const sentence = '本项目实施过程中，我方将严格按照采购文件要求组织人员、设备与进度，确保质量、安全与工期目标全面实现。';
const text = sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);

const outline: ExportOutlineNode[] = [];
const sections: Record<string, EditorDoc> = {};
const perChapter = 10;
for (let c = 0; c * perChapter < sectionsCount; c++) {
  const kids: ExportOutlineNode[] = [];
  for (let s = 0; s < perChapter && c * perChapter + s < sectionsCount; s++) {
    const id = `n${c}-${s}`;
    kids.push({ id, title: `小节 ${c + 1}.${s + 1}`, level: 2, children: [] });
    const paras = Math.max(1, Math.round(chars / 500));
    const content: NonNullable<EditorDoc['content']> = Array.from({ length: paras }, (_, i) => ({
      type: 'paragraph' as const,
      content: [{ type: 'text' as const, text: text.slice((i * chars) / paras, ((i + 1) * chars) / paras) }],
    }));
    if (s === 0) {
      content.push({
        type: 'table',
        content: Array.from({ length: 6 }, (_, r) => ({
          type: 'tableRow' as const,
          content: Array.from({ length: 4 }, (_, k) => ({
            type: r === 0 ? ('tableHeader' as const) : ('tableCell' as const),
            content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: r === 0 ? `列${k + 1}` : `内容${r}-${k}` }] }],
          })),
        })),
      });
    }
    sections[id] = { type: 'doc', content };
  }
  outline.push({ id: `n${c}`, title: `第${c + 1}章 章节`, level: 1, children: kids });
}

const input = {
  title: '基准投标文件',
  outline,
  sections,
  settings: {
    headingStyle: 'chapter' as const,
    pageNumber: { start: 1, format: 'pageOfTotal' as const, position: 'center' as const },
    volumes: [
      { title: '商务标', nodeIds: outline.slice(0, Math.ceil(outline.length / 3)).map((n) => n.id) },
      { title: '技术标', nodeIds: outline.slice(Math.ceil(outline.length / 3)).map((n) => n.id) },
    ],
  },
};

await exportBidDocx(input); // warm-up
const times: number[] = [];
let size = 0;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  size = (await exportBidDocx(input)).length;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const total = sectionsCount * chars;
console.log(
  `export: ${sectionsCount} sections × ${chars} chars = ${total.toLocaleString('en')} chars (~${Math.round(total / 1250)} pages at 小四, 1.5 lines) → ` +
    `median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)}), ${(size / 1024).toFixed(0)} KiB`,
);
