import { readFileSync } from 'node:fs';
import { readDocumentIsolated } from '../apps/server/src/workers/index.js';
const lim = { workerMemoryMb: 512, parseTimeoutS: 60, exportTimeoutS: 60 };
for (const f of ['c07.docx', 'c17.pdf']) {
  const t = Date.now();
  const r = await readDocumentIsolated(lim, readFileSync('/work/shared/corpus/files/' + f), { ocr: false, onProgress: () => {} });
  console.log(f, r.type, r.meta, Date.now() - t, 'ms');
}
