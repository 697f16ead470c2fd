import { reportDocxBomb, heavyDocx, bombPdf } from '../apps/server/test/security/bombs.js';
import { listZipEntries, assertSafeZip } from '../packages/bid-engine/src/reading/zip.js';
import { assertSafePdf } from '../packages/bid-engine/src/reading/pdf-guard.js';
for (const [n, f] of [['report', reportDocxBomb], ['heavy', heavyDocx]] as const) {
  const t = Date.now(); const b = f(); const e = listZipEntries(b).find((x) => x.name === 'word/document.xml')!;
  console.log(n, (b.length / 1e6).toFixed(2), 'MB ->', (e.uncompressedSize / 1e6).toFixed(0), 'ratio', (e.uncompressedSize / e.compressedSize).toFixed(1), Date.now() - t, 'ms');
  try { assertSafeZip(listZipEntries(b), b.length); console.log('  passes budget'); } catch (err) { console.log('  ', (err as Error).message); }
}
const t = Date.now(); const p = bombPdf(); console.log('pdf', (p.length / 1e3).toFixed(0), 'KB', Date.now() - t, 'ms');
const t2 = Date.now(); try { await assertSafePdf(p); } catch (err) { console.log('  ', (err as Error).message, Date.now() - t2, 'ms'); }
