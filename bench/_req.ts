import { readFileSync } from 'node:fs';
import { readDocument } from '@btz/bid-engine/reading';
import { extractCard } from '@btz/bid-engine/tender';
for (const id of process.argv.slice(2)) {
  const r = await readDocument(readFileSync(`/work/shared/corpus/files/${id}`), { ocr: false } as any);
  const card = extractCard([{ name: id, role: 'main', order: 1, pages: r.pages, chapters: r.chapters, model: r.model }]);
  const req = card.requirements ?? [];
  console.log(id, req.length, 'verified', req.filter((x) => x.verified).length, 'figs', req.filter((x) => x.figures.length).length);
  for (const x of req.slice(0, 400)) console.log(`  p${x.source.page} [${x.section.slice(0,16)}] ${x.text.slice(0, 90)} {${x.figures.join(',')}}`);
}
process.exit(0);
