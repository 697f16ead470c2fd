/**
 * Commands of the bid-file tools: a run is its input files stored (sniffed by content, size-capped, a DOCX's zip
 * directory checked against its inflation budget before it is stored), a row, and a queued job (kind `file-tool`).
 */
import * as z from 'zod';
import type { Kysely } from 'kysely';
import { FILETOOL_LIMITS, FILETOOL_TEXTS, type FileToolName, type FileToolRun } from '@btz/shared';
import { DocumentError, sniffUpload } from '@btz/bid-engine/reading';
import { IMAGE_MIME, sniffImage } from '@btz/bid-engine/pictures';
import { findSoffice } from '@btz/bid-engine/export';
import { findPdftoppm } from '@btz/bid-engine/filetools';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import type { FileToolFile } from '../../db/schema-filetools.js';
import { badRequest } from '../../http/errors.js';
import { queueRowJob, jobPayload } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import { presentRun } from './present.js';
import { deleteRun, findRun, insertRunRow, type RunRow } from './repo.js';
import type { Owner } from '../enterprise/owner.js';
import type { ToolUpload } from './upload.js';
import type { StagedFile } from '../../providers/storage/index.js';

export const FILE_TOOL_KIND = 'file-tool';
/** the job's payload, version 1 (jobs/payload.ts) */
export const FILE_TOOL_PAYLOAD = jobPayload(1, z.strictObject({ runId: z.string().min(1) }));

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  ...IMAGE_MIME,
};

/** What each tool takes, by content. */
const ACCEPTS: Record<FileToolName, readonly string[]> = {
  clean: ['docx', 'pdf'],
  'docx-pdf': ['docx'],
  'pdf-docx': ['pdf'],
  'doc-docx': ['doc'],
  'images-pdf': ['png', 'jpeg', 'gif', 'webp', 'bmp'],
  'pdf-images': ['pdf'],
};

/**
 * The file's type by content for this tool (seen through its two ends when too large to hold), or a Chinese refusal
 * naming what the tool takes.
 */
function sniffFor(tool: FileToolName, file: StagedFile): string {
  if (tool === 'images-pdf') {
    const t = sniffImage(file.head);
    if (!t) throw badRequest(FILETOOL_TEXTS.expect[tool]);
    return t;
  }
  let type: string;
  try {
    type = sniffUpload(file);
  } catch (e) {
    if (e instanceof DocumentError) {
      if (e.code === 'UNSUPPORTED') throw badRequest(FILETOOL_TEXTS.expect[tool]);
      throw badRequest(e.message);
    }
    throw e;
  }
  if (!ACCEPTS[tool].includes(type)) throw badRequest(FILETOOL_TEXTS.expect[tool]);
  return type;
}

export async function startRun(app: AppContext, o: Owner, userId: string, upload: ToolUpload, tool: FileToolName): Promise<FileToolRun> {
  if (tool !== 'images-pdf' && upload.files.length > 1) throw badRequest('请一次上传一个文件');
  if (upload.files.length > FILETOOL_LIMITS.images) throw badRequest(FILETOOL_TEXTS.tooManyImages(FILETOOL_LIMITS.images));
  // a tool this server cannot run is refused before anything is stored
  if ((tool === 'docx-pdf' || tool === 'doc-docx') && !findSoffice()) throw badRequest(FILETOOL_TEXTS.noOffice);
  if (tool === 'pdf-images' && !findPdftoppm()) throw badRequest(FILETOOL_TEXTS.noPoppler);
  const typed = upload.files.map((f) => ({ ...f, type: sniffFor(tool, f.file) }));
  const inputs: FileToolFile[] = [];
  const id = newId();
  const stored = await app.storage.putStagedMany(typed.map((f) => f.file), { tenantId: o.tenantId, userId, kind: 'filetool', refId: id });
  for (const [i, f] of typed.entries()) {
    inputs.push({ index: inputs.length + 1, name: f.filename, type: f.type, mime: MIME[f.type] ?? 'application/octet-stream', size: stored[i]!.size, key: stored[i]!.key });
  }
  await app.db.transaction().execute(async (trx) => {
    await insertRunRow(trx, {
      id,
      tenant_id: o.tenantId,
      owner_type: o.holder.type,
      owner_id: o.holder.id,
      user_id: userId,
      tool,
      inputs: JSON.stringify(inputs),
      outputs: '[]',
      report: null,
      error: null,
      job_id: null,
      updated_at: new Date(),
    });
    await queueRun(app, trx, { id, tenant_id: o.tenantId, user_id: userId });
  });
  app.jobs.poke();
  return presentRun((await findRun(app.db, o, id)) as RunRow);
}

export async function queueRun(app: AppContext, db: Kysely<DB>, row: { id: string; tenant_id: string; user_id: string }): Promise<void> {
  await queueRowJob(app, db, { table: 'file_tool_runs', kind: FILE_TOOL_KIND, row, payload: FILE_TOOL_PAYLOAD.make({ runId: row.id }) });
}

/**
 * Deletes a run of the owner's; a run still queued or running is cancelled first, so its worker — and the LibreOffice or
 * pdftoppm it started, with their job folder — is killed now rather than working on for nobody (issue 22).
 */
export async function deleteToolRun(app: AppContext, o: Owner, id: string): Promise<boolean> {
  if (!(await findRun(app.db, o, id))) return false;
  await app.jobs.cancel(app.db, { kind: FILE_TOOL_KIND, refId: id });
  return deleteRun(app.db, o, id);
}
