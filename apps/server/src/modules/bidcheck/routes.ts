/**
 * The bid-check calls (docs/api.md "Bid checks"; defined in @btz/shared/calls). Thin: the owner from enterprise/owner.ts ownerOf, then
 * the service or the repo. A check of another owner answers exactly like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { BID_CHECK_TEXTS, type BidCheckTender } from '@btz/shared';
import { bidCheckCalls } from '@btz/shared/calls';
import { bidCheckXlsx } from '@btz/bid-engine/bidcheck';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { presentPage } from '../../db/paging.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { sendFile } from '../../http/send-file.js';
import { formatTime } from '../../lib/time.js';
import { readStagedUpload, withStaged } from '../../http/upload.js';
import { applyAnonymityFixes } from './fix.js';
import { presentDetail, presentSummary } from './present.js';
import { checkableBids, deleteCheck, findCheck, listChecks } from './repo.js';
import { ownerOf } from '../enterprise/owner.js';
import { queueCheck, startBidCheck, startUpload } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerBidCheckRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: bidCheckCalls.upload,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      // stored while it streams in (the check job takes the file from storage)
      const upload = await readStagedUpload(req, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      return withStaged(upload, async (u) => startUpload(app, await ownerOf(app.db, auth), auth, u, uploadFields(bidCheckCalls.upload, u.fields)));
    },
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.checkBid,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => startBidCheck(app, await ownerOf(app.db, auth), auth, query.bidId),
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.tenders,
    handler: async ({ auth }): Promise<BidCheckTender[]> => {
      const rows = await checkableBids(app.db, auth);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        projectName: r.card?.projectName?.value ?? null,
        anonymity: !!r.card?.anonymity?.required,
        written: !!r.written && !!r.outline,
        updateTime: formatTime(r.updated_at),
      }));
    },
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.list,
    handler: async ({ auth, query }) => presentPage(await listChecks(app.db, await ownerOf(app.db, auth), query), presentSummary),
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.detail,
    handler: async ({ auth, query }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(BID_CHECK_TEXTS.notFound);
      return presentDetail(row);
    },
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.retry,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(BID_CHECK_TEXTS.notFound);
      if (row.state !== 'failed') throw badRequest(BID_CHECK_TEXTS.notFailed);
      await queueCheck(app, app.db, row);
      app.jobs.poke();
    },
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.delete,
    handler: async ({ auth, query }) => {
      const gone = await deleteCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!gone) throw badRequest(BID_CHECK_TEXTS.notFound);
      await app.storage.release([query.id]);
    },
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.export,
    rateLimit: 'export',
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(BID_CHECK_TEXTS.notFound);
      if (row.state !== 'done' || !row.result) throw badRequest(BID_CHECK_TEXTS.notDone);
      const data = await bidCheckXlsx(row.result, formatTime(row.updated_at));
      return sendFile(reply, { data, mime: XLSX, name: BID_CHECK_TEXTS.fileName(row.file_name, row.kind) });
    },
  });

  defineRoute(fastify, app, {
    call: bidCheckCalls.fix,
    rateLimit: 'write',
    handler: async ({ auth, query }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(BID_CHECK_TEXTS.notFound);
      return applyAnonymityFixes(app, auth, row);
    },
  });
}
