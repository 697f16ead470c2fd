/**
 * The writing calls (docs/api.md "Writing"): write/start|progress|cancel, section/get|save|ai, health, page-settings,
 * finish (defined in @btz/shared/calls; the export is a job of its own: ../export). Thin like ../routes.ts: validate, ask access.ts (a finished bid refuses every change), call the service.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WRITE_TEXTS, type BidHealth, type PageSettings } from '@btz/shared';
import { writingCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { AppError, badRequest } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { bidToChange, bidToManage, bidToRead, sectionToChange } from '../access.js';
import { presentBid } from '../present.js';
import { listFiles } from '../repo.js';
import { leavesOf, outlineWithStatus } from './sections.js';
import { savePageSettings, sectionRows } from './repo.js';
import { cancelWriting, finishBid, getSection, progressOf, restoreRevision, saveSection, sectionHistory, sectionRevision, startWriting } from './service.js';
import { checkVolumes, settingsOf } from './settings.js';
import { bidHealth } from './health.js';

export function registerWritingRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: writingCalls.start,
    rateLimit: 'write',
    handler: async ({ auth, query }) => startWriting(app, await bidToChange(app, auth, query.id), auth.userId),
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
      saveSection(app, await sectionToChange(app, auth, query.id, query.nodeId), query.nodeId, body, { userId: auth.userId }),
  });

  // a section's history (issue 27): read by whoever may read the bid, restored by whoever may change it
  defineRoute(fastify, app, {
    call: writingCalls.sectionHistory,
    handler: async ({ auth, query }) => sectionHistory(app, await bidToRead(app, auth, query.id), query.nodeId),
  });

  defineRoute(fastify, app, {
    call: writingCalls.sectionRevision,
    handler: async ({ auth, query }) => sectionRevision(app, await bidToRead(app, auth, query.id), query.nodeId, query.revisionId),
  });

  defineRoute(fastify, app, {
    call: writingCalls.sectionRestore,
    rateLimit: 'save',
    handler: async ({ auth, query, body }) =>
      restoreRevision(app, await sectionToChange(app, auth, query.id, query.nodeId), query.nodeId, query.revisionId, body.revision, auth.userId),
  });

  defineRoute(fastify, app, {
    call: writingCalls.sectionAi,
    rateLimit: 'ai',
    raw: true,
    handler: async ({ auth, query, body, reply, req }) => {
      const bid = await sectionToChange(app, auth, query.id, query.nodeId);
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
    call: writingCalls.finish,
    handler: async ({ auth, query }) => {
      const { bid } = await bidToManage(app, auth, query.id);
      await finishBid(app, bid, auth.userId);
      const after = await bidToRead(app, auth, query.id);
      return presentBid({ ...after, outline: outlineWithStatus(after.outline, await sectionRows(app.db, after.id)) }, await listFiles(app.db, after.id));
    },
  });
}
