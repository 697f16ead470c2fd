/**
 * The writing calls (docs/api.md "Writing"): write/start|progress|cancel, section/get|save|ai, health, page-settings,
 * export, finish (defined in @btz/shared/calls). Thin like ../routes.ts: validate, ask access.ts (a finished bid refuses every change), call the service.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WRITE_TEXTS, type BidHealth, type PageSettings } from '@btz/shared';
import { writingCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { AppError, badRequest } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import { bidToChange, bidToRead } from '../access.js';
import { findSoffice } from '@btz/bid-engine/export';
import { DocumentError } from '@btz/bid-engine/reading';
import { sendFile } from '../../../http/send-file.js';
import { presentBid } from '../present.js';
import { listFiles } from '../repo.js';
import { leavesOf, outlineWithStatus } from './sections.js';
import { savePageSettings, sectionDocTexts, sectionRows } from './repo.js';
import { exportIsolated, WorkerLimitError } from '../../../workers/index.js';
import { libraryImagesOfBid } from '../../pictures/index.js';
import { clientOf, recordIp } from '../../iprecord/index.js';
import { bankImagesOfBid, factsWithBank } from '../../databank/qualify.js';
import { cancelWriting, finishBid, getSection, progressOf, saveSection, startWriting } from './service.js';
import { checkVolumes, settingsOf } from './settings.js';
import { tenderCoverForm } from './cover.js';
import { bidHealth } from './health.js';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function registerWritingRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: writingCalls.start,
    rateLimit: 'write',
    handler: async ({ auth, query }) => startWriting(app, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: writingCalls.progress,
    handler: async ({ auth, query }) => progressOf(app, (await bidToRead(app, auth, query.id)).id),
  });

  defineRoute(fastify, app, {
    call: writingCalls.cancel,
    handler: async ({ auth, query }) => cancelWriting(app, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: writingCalls.sectionGet,
    handler: async ({ auth, query }) => getSection(app, await bidToRead(app, auth, query.id), query.nodeId),
  });

  defineRoute(fastify, app, {
    call: writingCalls.sectionSave,
    // a save may carry pasted pictures to decode (issue 22): counted per user and per IP like uploads
    rateLimit: 'save',
    handler: async ({ auth, query, body }) =>
      saveSection(app, await bidToChange(app, auth, query.id), query.nodeId, body),
  });

  defineRoute(fastify, app, {
    call: writingCalls.sectionAi,
    rateLimit: 'ai',
    raw: true,
    handler: async ({ auth, query, body, reply, req }) => {
      const bid = await bidToChange(app, auth, query.id);
      const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === query.nodeId);
      if (!leaf) throw badRequest(WRITE_TEXTS.notLeaf);
      const { runAiAction } = await import('@btz/bid-engine/writer');
      const controller = new AbortController();
      req.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('client closed'));
      });
      // Deltas wait in `early` until the first one (or the end) decides the answer: errors before any text travel as the
      // usual JSON envelope; after that the stream simply ends.
      const early: string[] = [];
      let sink: ((t: string) => void) | null = null;
      let firstDelta!: () => void;
      const gotDelta = new Promise<null>((resolve) => (firstDelta = () => resolve(null)));
      const settled = runAiAction(app.llm.offline || bid.writer !== 'llm' ? null : app.llm, {
        action: body.action,
        text: body.text,
        context: { title: leaf.node.title, projectName: bid.card?.projectName?.value ?? undefined },
        signal: controller.signal,
        tag: `bid:${bid.id}`,
        onDelta: (t) => {
          if (sink) sink(t);
          else {
            early.push(t);
            firstDelta();
          }
        },
      }).then(
        (text) => ({ ok: true as const, text }),
        (err: unknown) => ({ ok: false as const, err }),
      );
      const first = await Promise.race([settled, gotDelta]);
      if (first && !first.ok) {
        app.log.warn({ err: first.err }, 'ai action failed');
        throw first.err instanceof AppError ? first.err : badRequest('AI 处理失败，请稍后重试');
      }
      const out = new PassThrough();
      for (const t of early) out.write(t);
      sink = (t) => out.write(t);
      void settled.then((r) => {
        if (r.ok && !early.length && r.text) out.write(r.text);
        out.end();
      });
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(out);
    },
  });

  defineRoute(fastify, app, {
    call: writingCalls.health,
    handler: async ({ auth, query }): Promise<BidHealth> => bidHealth(app, await bidToRead(app, auth, query.id), { force: query.force === '1' }),
  });

  defineRoute(fastify, app, {
    call: writingCalls.pageSettingsGet,
    handler: async ({ auth, query }): Promise<PageSettings> => {
      const bid = await bidToRead(app, auth, query.id);
      return settingsOf(bid.page_settings, bid.invent_facts);
    },
  });

  defineRoute(fastify, app, {
    call: writingCalls.pageSettingsSave,
    handler: async ({ auth, query, body }): Promise<PageSettings> => {
      const bid = await bidToChange(app, auth, query.id);
      const next = settingsOf(body, body.inventFacts);
      checkVolumes(next, bid.outline);
      const { inventFacts, ...stored } = next;
      await savePageSettings(app.db, bid.id, stored, inventFacts);
      return next;
    },
  });

  defineRoute(fastify, app, {
    call: writingCalls.export,
    rateLimit: 'export',
    raw: true,
    handler: async ({ req, auth, query, reply }) => {
      const bid = await bidToRead(app, auth, query.id);
      if (!bid.outline || !bid.outline.length) throw badRequest(WRITE_TEXTS.noOutline);
      if (query.format === 'pdf' && !findSoffice()) throw badRequest(WRITE_TEXTS.noPdf);
      // the bidder as the enterprise facts give it, completed from the data bank (the name and code of its licence)
      const ent = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
      const settings = settingsOf(bid.page_settings, bid.invent_facts);
      const input = {
        title: bid.name,
        bidderName: ent.name,
        bidder: { name: ent.name, legalRep: ent.legalRep, address: ent.address, contacts: ent.contacts },
        card: bid.card,
        // the cover follows the tender's cover form when it prescribes one (dated on the bid deadline, else today)
        coverForm: await tenderCoverForm(app.db, bid.id, bid.card),
        outline: bid.outline,
        settings: {
          font: settings.font,
          fontSize: settings.fontSize,
          headingStyle: settings.headingStyle,
          pageNumber: settings.pageNumber,
          volumes: settings.volumes.length ? settings.volumes : undefined,
        },
      };
      // in a worker process (issue 10): a bid of 1,000 long sections takes a minute and gigabytes, never this event loop
      let data: Buffer;
      try {
        // pictures the sections show by URL: the picture library's and the data bank's (qualification chapters)
        const library = { ...(await libraryImagesOfBid(app, bid)), ...(await bankImagesOfBid(app, bid)) };
        data = await exportIsolated(app.config, { bid: input, format: query.format, library }, sectionDocTexts(app.db, bid.id));
      } catch (err) {
        // a limit, or the export worker died (WORKER_CRASHED): its Chinese message, not a retry invitation
        if (err instanceof WorkerLimitError || err instanceof DocumentError) throw badRequest(err.message);
        if (query.format !== 'pdf') throw err;
        app.log.error({ err }, 'pdf export failed');
        throw badRequest('PDF 导出失败，请导出 Word 文件或稍后重试');
      }
      const mime = query.format === 'pdf' ? 'application/pdf' : DOCX_MIME;
      // IP 记录: who exported which bidder's bid from where (the same IP for two bidders is a warning)
      await recordIp(app, clientOf(req), auth, { kind: 'export', detail: `${bid.name}（${query.format.toUpperCase()}）`, bidId: bid.id, bidder: ent.name });
      return sendFile(reply, { data, mime, name: `${bid.name.replace(/[\\/:*?"<>|]/g, '_')}.${query.format}` });
    },
  });

  defineRoute(fastify, app, {
    call: writingCalls.finish,
    handler: async ({ auth, query }) => {
      const bid = await bidToRead(app, auth, query.id);
      await finishBid(app, bid);
      const after = await bidToRead(app, auth, query.id);
      return presentBid({ ...after, outline: outlineWithStatus(after.outline, await sectionRows(app.db, after.id)) }, await listFiles(app.db, after.id));
    },
  });
}
