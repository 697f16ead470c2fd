/** pdfjs's worker module, loaded into the reading thread for its "fake worker" (pdf-pages.ts); it exports no types. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
