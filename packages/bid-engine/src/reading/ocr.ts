import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { DocumentError } from './errors.js';

/**
 * OCR of page images with tesseract.js (WASM, in a worker thread). The Chinese (chi_sim) data comes from the npm
 * package @tesseract.js-data/chi_sim (4.0.0_best_int, gzipped): nothing is downloaded at run time. One worker is shared
 * by every caller, jobs run one at a time, a job that overruns its time limit kills the worker (a new one is made on the
 * next job), and an idle worker is terminated after a while so it does not hold memory or keep the process alive.
 */
const require = createRequire(import.meta.url);
const DATA_VERSION = '4.0.0_best_int';
// chi_sim alone: its model reads Latin letters and digits too (ZB-2026-118, 3,860,000.00 come out right). Measured
// here with tesseract.js 7: 'chi_sim+eng' makes the core try to load a garbled second language name and run on
// chi_sim only, and 'eng+chi_sim' loads cleanly but misreads Chinese next to Latin (人民币 → "ARM").
const LANGS = ['chi_sim'] as const;
const IDLE_MS = 30_000;
export const OCR_PAGE_TIMEOUT_MS = 120_000;

type TesseractWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  setParameters(p: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
};

let workerPromise: Promise<TesseractWorker> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | null = null;

/**
 * tesseract.js takes one `langPath` for all languages, while each language ships in its own package: link both data
 * files into one folder outside the repository (the OS temp dir) and point `langPath` there. Read-only: the worker
 * never writes a cache (`cacheMethod: 'none'`).
 */
function langDir(): string {
  const dir = path.join(os.tmpdir(), `btz-tessdata-${DATA_VERSION}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const lang of LANGS) {
    const src = path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), DATA_VERSION, `${lang}.traineddata.gz`);
    const dst = path.join(dir, `${lang}.traineddata.gz`);
    let ok = false;
    try {
      ok = fs.statSync(dst).size === fs.statSync(src).size;
    } catch {
      ok = false;
    }
    if (!ok) {
      const tmp = `${dst}.${process.pid}.${Date.now()}`;
      try {
        fs.symlinkSync(src, tmp);
      } catch {
        fs.copyFileSync(src, tmp);
      }
      fs.renameSync(tmp, dst);
    }
  }
  return dir;
}

async function getWorker(): Promise<TesseractWorker> {
  if (!workerPromise) {
    workerPromise = (async () => {
      const { createWorker, OEM, PSM } = await import('tesseract.js');
      const w = (await createWorker([...LANGS], OEM.LSTM_ONLY, {
        langPath: langDir(),
        gzip: true,
        cacheMethod: 'none',
        errorHandler: () => undefined,
      })) as unknown as TesseractWorker;
      await w.setParameters({ preserve_interword_spaces: '1', tessedit_pageseg_mode: String(PSM.AUTO) });
      return w;
    })();
    workerPromise.catch(() => {
      workerPromise = null;
    });
  }
  return workerPromise;
}

async function killWorker(): Promise<void> {
  const p = workerPromise;
  workerPromise = null;
  if (p) await p.then((w) => w.terminate()).catch(() => undefined);
}

function armIdle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void killWorker(), IDLE_MS);
  idleTimer.unref();
}

/** tesseract puts spaces between Chinese characters; drop the ones between two CJK characters or CJK punctuation. */
export function cleanOcrText(s: string): string {
  const cjk = '\\u3000-\\u303f\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef';
  return s
    .replace(new RegExp(`(?<=[${cjk}]) +(?=[${cjk}])`, 'g'), '')
    // A full-width colon/comma/semicolon after a Chinese character is often read as its ASCII twin with spaces.
    .replace(new RegExp(`(?<=[\\u3400-\\u9fff]) ?([:;,]) ?`, 'g'), (_, c: string) => ({ ':': '：', ';': '；', ',': '，' })[c] ?? c)
    // …and no space goes next to full-width punctuation (：，。（） etc.) in Chinese text.
    .replace(/ +(?=[\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f])|(?<=[\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f]) +/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Recognises one page image (PNG/JPEG bytes). Jobs are serialised on the shared worker. Rejects with ABORTED when the
 * signal fires, and with CORRUPT-free plain Error on timeout (the caller records the page as unreadable).
 */
export function ocrImage(image: Buffer, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string> {
  const job = queue.then(async () => {
    if (opts.signal?.aborted) throw new DocumentError('ABORTED');
    if (idleTimer) clearTimeout(idleTimer);
    const worker = await getWorker();
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      const result = await Promise.race([
        worker.recognize(image),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('OCR timeout')), opts.timeoutMs ?? OCR_PAGE_TIMEOUT_MS);
          onAbort = () => reject(new DocumentError('ABORTED'));
          opts.signal?.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
      return cleanOcrText(result.data.text);
    } catch (e) {
      await killWorker(); // the worker may still be busy with the abandoned image
      throw e;
    } finally {
      if (timer) clearTimeout(timer);
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
      armIdle();
    }
  });
  queue = job.catch(() => undefined);
  return job;
}

/** Terminates the shared worker now (tests, shutdown). */
export async function shutdownOcr(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  await queue;
  await killWorker();
}
