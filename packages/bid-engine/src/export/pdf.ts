/**
 * PDF export through LibreOffice, where it is installed (PRODUCT.md §5 step 7). `soffice --headless --convert-to pdf`
 * with a private profile directory per call (two soffice processes sharing a profile block each other); one conversion at
 * a time in this process, with a time limit. Without LibreOffice `findSoffice()` is null and the call says so in Chinese.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/soffice', '/usr/bin/libreoffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'];

export function findSoffice(): string | null {
  const fromEnv = process.env.SOFFICE_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

let chain: Promise<unknown> = Promise.resolve();

/** Converts a .docx to PDF; rejects when LibreOffice fails or takes longer than `timeoutMs`. */
export function docxToPdf(docx: Buffer, opts: { timeoutMs?: number } = {}): Promise<Buffer> {
  const soffice = findSoffice();
  if (!soffice) return Promise.reject(new Error('LibreOffice is not installed'));
  const run = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'btz-pdf-'));
    try {
      const input = path.join(dir, 'bid.docx');
      await writeFile(input, docx);
      await new Promise<void>((resolve, reject) => {
        execFile(
          soffice,
          [`-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, input],
          { timeout: opts.timeoutMs ?? 180_000, maxBuffer: 4 * 1024 * 1024 },
          (err) => (err ? reject(err) : resolve()),
        );
      });
      return await readFile(path.join(dir, 'bid.pdf'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}
