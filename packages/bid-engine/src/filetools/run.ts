/**
 * One file tool run (issue 15): the input files and the tool in, the result files and a report out. The server's
 * `filetools` worker task calls this in a worker process; the server has sniffed and guarded the inputs already.
 */
import { DocumentError, assertSafeDocx, assertSafePdf, readDocument } from '../reading/index.js';
import { clearDocxMetadata, type DocxClearReport } from './docx-metadata.js';
import { FILETOOL_MESSAGES, FileToolError, imagesToPdf, officeConvert, pdfTextToDocx, pdfToImages } from './convert.js';
import { clearPdfMetadata } from './pdf-metadata.js';

export const FILE_TOOLS = ['clean', 'docx-pdf', 'pdf-docx', 'doc-docx', 'images-pdf', 'pdf-images'] as const;
export type FileTool = (typeof FILE_TOOLS)[number];

export interface FileToolInput {
  tool: FileTool;
  files: { name: string; type: string; data: Uint8Array }[];
  timeoutMs: number;
}

export interface FileToolOutput {
  files: { name: string; mime: string; data: Uint8Array }[];
  /** what clearing removed (clean only): counts by item */
  report?: Record<string, number | boolean>;
}

export const MIME = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
} as const;

const stem = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || '文件';
const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export async function runFileTool(input: FileToolInput, onProgress: (done: number, total: number) => void = () => {}): Promise<FileToolOutput> {
  const first = input.files[0]!;
  // the inflation guards before any parser sees the file (the server checked the zip directory already)
  for (const f of input.files) {
    if (f.type === 'pdf') await assertSafePdf(buf(f.data));
    if (f.type === 'docx') assertSafeDocx(buf(f.data));
  }
  const base = stem(first.name);
  switch (input.tool) {
    case 'clean': {
      onProgress(0, 1);
      if (first.type === 'pdf') {
        const r = await clearPdfMetadata(buf(first.data));
        onProgress(1, 1);
        return { files: [{ name: `${base}-已清除元数据.pdf`, mime: MIME.pdf, data: r.data }], report: r.report };
      }
      const r = await clearDocxMetadata(buf(first.data));
      onProgress(1, 1);
      return { files: [{ name: `${base}-已清除元数据.docx`, mime: MIME.docx, data: r.data }], report: r.report as DocxClearReport & Record<string, number | boolean> };
    }
    case 'docx-pdf':
    case 'doc-docx': {
      onProgress(0, 1);
      const to = input.tool === 'docx-pdf' ? 'pdf' : 'docx';
      const data = await officeConvert(buf(first.data), first.type === 'doc' ? 'doc' : 'docx', to, { timeoutMs: input.timeoutMs });
      onProgress(1, 1);
      return { files: [{ name: `${base}.${to}`, mime: MIME[to], data }] };
    }
    case 'pdf-docx': {
      let read;
      try {
        read = await readDocument(buf(first.data), { ocr: false, threads: 0, onProgress: (p) => onProgress(Math.min(p.done, p.total - 1), Math.max(1, p.total)) });
      } catch (e) {
        if (e instanceof DocumentError && e.code === 'NO_TEXT') throw new FileToolError(FILETOOL_MESSAGES.noText);
        throw e;
      }
      const data = await pdfTextToDocx(read.pages);
      onProgress(1, 1);
      return { files: [{ name: `${base}.docx`, mime: MIME.docx, data }] };
    }
    case 'images-pdf': {
      const data = await imagesToPdf(input.files.map((f) => ({ name: f.name, data: buf(f.data) })), onProgress);
      return { files: [{ name: `${base}${input.files.length > 1 ? `等${input.files.length}张图片` : ''}.pdf`, mime: MIME.pdf, data }] };
    }
    case 'pdf-images': {
      const pages = await pdfToImages(buf(first.data), { timeoutMs: input.timeoutMs, onProgress });
      return { files: pages.map((p) => ({ name: `${base}-第${p.page}页.png`, mime: MIME.png, data: p.data })) };
    }
  }
}
