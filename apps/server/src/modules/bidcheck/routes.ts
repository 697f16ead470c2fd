/**
 * The bid-check calls (docs/api.md "Bid checks"; defined in @btz/shared/calls). Thin: the owner from repo.ownerOf, then
 * the service or the repo. A check of another owner answers exactly like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { BID_CHECK_TEXTS, type BidCheckTender } from '@btz/shared';
import { bidCheckCalls } from '@btz/shared/calls';
import { bidCheckXlsx } from '@btz/bid-engine/bidcheck';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { sendFile } from '../../http/send-file.js';
import { formatTime } from '../../lib/time.js';
import { readUpload } from '../bid/upload.js';
import { applyAnonymityFixes } from './fix.js';
import { presentDetail } from './present.js';
import { deleteCheck, findCheck, listChecks, ownerOf } from './repo.js';
import { queueCheck, startBidCheck, startUpload } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerBidCheckRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: bidCheckCalls.upload,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      const upload = await readUpload(req, app.config.uploadMaxBytes);
      return startUpload(app, await ownerOf(app.db, auth), auth, upload, uploadFields(bidCheckCalls.upload, upload.fields));
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
      const rows = await app.db
        .selectFrom('bids')
        .select(['id', 'name', 'card', 'outline', 'updated_at'])
        .select((eb) => eb.exists(eb.selectFrom('bid_sections').select('node_id').whereRef('bid_sections.bid_id', '=', 'bids.id').where('bid_sections.chars', '>', 0)).as('written'))
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('deleted_at', 'is', null)
        .where('card', 'is not', null)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
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
    handler: async ({ auth, query }) => listChecks(app.db, await ownerOf(app.db, auth), query),
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
      const data = await bidCheckXlsx(row.result, formatTime(row.updated_at as unknown as Date));
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
