/**
 * Exporting a bid the way the web client does (issue 26: export is a job): export/start answers at once; the export is
 * followed with export/get (waitForJob: its state and progress keep the wait alive) and, once done, its file is
 * downloaded from export/file. What comes back looks like the download's answer; a refusal at the start is that call's
 * answer, and an export that failed answers as a refusal with its Chinese reason — so a test reads it as a user would.
 */
import type { BidExport } from '@btz/shared';
import type { HttpResult } from './harness.js';
import { settled, waitForJob } from './wait.js';

type Call = (path: string, opts: { token?: string; query?: Record<string, string>; headers?: Record<string, string> }) => Promise<HttpResult<any>>;

export interface ExportResult extends HttpResult<any> {
  /** the export as export/get answered last (absent when the start was refused) */
  export?: BidExport;
}

export async function exportBid(call: Call, o: { token: string; id: string; format?: 'docx' | 'pdf'; headers?: Record<string, string> }): Promise<ExportResult> {
  const query = { id: o.id, ...(o.format ? { format: o.format } : {}) };
  const start = await call('/btz/bid/export/start', { token: o.token, query, headers: o.headers });
  if (!start.json?.success) return start;
  const exp = await followExport(call, o.token, (start.json.data as BidExport).id);
  if (exp.state === 'failed') {
    const json = { success: false, code: 400, msg: exp.error, data: null };
    return { ...start, json, text: JSON.stringify(json), bytes: Buffer.alloc(0), export: exp };
  }
  const file = await call('/btz/bid/export/file', { token: o.token, query: { id: exp.id } });
  return { ...file, export: exp };
}

/** Follows an export until it is done or failed. */
export function followExport(call: Call, token: string, id: string): Promise<BidExport> {
  return waitForJob({
    what: `export ${id}`,
    read: async () => {
      const r = await call('/btz/bid/export/get', { token, query: { id } });
      if (!r.json?.success) throw new Error(`export/get ${id}: ${r.text}`);
      return r.json.data as BidExport;
    },
    until: settled,
  });
}
