import { heavyDocx } from '../apps/server/test/security/bombs.js';
import { readDocumentIsolated } from '../apps/server/src/workers/index.js';
const b = heavyDocx();
let maxLag = 0; let last = Date.now(); const iv = setInterval(() => { const now = Date.now(); maxLag = Math.max(maxLag, now - last - 20); last = now; }, 20);
const t = Date.now();
try { await readDocumentIsolated({ workerMemoryMb: 256, parseTimeoutS: 120, exportTimeoutS: 1 }, b); console.log('parsed?!'); } catch (e) { console.log((e as Error).message, (e as any).code); }
clearInterval(iv);
console.log('ms', Date.now() - t, 'maxLag', maxLag, 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0));
