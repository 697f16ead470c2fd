/**
 * The writing calls (docs/api.md "Writing"): write/start|progress|cancel, section/get|save|ai, health, page-settings,
 * export, finish. Thin like ../routes.ts: validate, ask access.ts (a finished bid refuses every change), call the service.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AI_ACTION_LABELS, WRITE_TEXTS, type AiAction, type BidHealth, type PageSettings } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import { AppError, badRequest } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { formatTime } from '../../../lib/time.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import { bidToChange, bidToRead } from '../access.js';
import { findSoffice } from '@btz/bid-engine/export';
import { computeHealth } from '@btz/bid-engine/health';
import { sendFile } from '../../../http/send-file.js';
import { presentBid } from '../present.js';
import { listFiles } from '../repo.js';
import { leavesOf, outlineWithStatus, sectionDocTexts, sectionRows } from './sections.js';
import { exportIsolated, WorkerLimitError } from '../../../workers/index.js';
import { cancelWriting, finishBid, getSection, progressOf, saveSection, startWriting } from './service.js';
import { checkVolumes, PAGE_SETTINGS_LABELS, pageSettingsSchema, settingsOf } from './settings.js';

const id = z.string().trim().min(1).max(40);
const byId = z.object({ id });
const byNode = z.object({ id, nodeId: z.string().trim().min(1).max(100) });
const LABELS = { id: '标书 ID', nodeId: '章节 ID', revision: '版本号', doc: '正文', html: '正文', action: 'AI 操作', text: '选中的文字', format: '导出格式' };

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function registerWritingRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    path: '/btz/bid/write/start',
    auth: true,
    rateLimit: 'write',
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => startWriting(app, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/write/progress',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => progressOf(app, (await bidToRead(app, auth, query.id)).id),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/write/cancel',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => cancelWriting(app, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/section/get',
    auth: true,
    query: byNode,
    labels: LABELS,
    handler: async ({ auth, query }) => getSection(app, await bidToRead(app, auth, query.id), query.nodeId),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/section/save',
    auth: true,
    query: byNode,
    body: z
      .object({
        revision: z.number().int().min(0),
        doc: z.unknown().optional(),
        html: z.string().max(5_000_000).optional(),
      })
      .refine((b) => b.doc !== undefined || b.html !== undefined, { message: '请提交正文（doc 或 html）' }),
    labels: LABELS,
    handler: async ({ auth, query, body }) =>
      saveSection(app, await bidToChange(app, auth, query.id), query.nodeId, body as { revision: number; doc?: never; html?: string }),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/section/ai',
    auth: true,
    rateLimit: 'ai',
    raw: true,
    query: byNode,
    body: z.object({
      action: z.enum(Object.keys(AI_ACTION_LABELS) as [AiAction, ...AiAction[]], { error: 'AI 操作只能是续写、扩写、缩写、润色或正式化改写' }),
      text: z.string().trim().min(1, '请先选中要处理的文字').max(5000, '选中的文字不能超过 5000 字'),
    }),
    labels: LABELS,
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
    path: '/btz/bid/health',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }): Promise<BidHealth> => {
      const bid = await bidToRead(app, auth, query.id);
      if (!bid.card || !bid.outline) throw badRequest(WRITE_TEXTS.noOutline);
      const rows = await sectionRows(app.db, bid.id);
      const sections: Record<string, string> = {};
      for (const r of rows) sections[r.node_id] = r.text;
      const ent = await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id });
      const report = computeHealth({ card: bid.card, outline: bid.outline, sections, enterprise: { name: ent.name } });
      return { ...report, time: formatTime(new Date()) };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/page-settings/get',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }): Promise<PageSettings> => {
      const bid = await bidToRead(app, auth, query.id);
      return settingsOf(bid.page_settings, bid.invent_facts);
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/page-settings',
    auth: true,
    query: byId,
    body: pageSettingsSchema,
    labels: { ...LABELS, ...PAGE_SETTINGS_LABELS },
    handler: async ({ auth, query, body }): Promise<PageSettings> => {
      const bid = await bidToChange(app, auth, query.id);
      const next = settingsOf(body, body.inventFacts);
      checkVolumes(next, bid.outline);
      const { inventFacts, ...stored } = next;
      await app.db
        .updateTable('bids')
        .set({ page_settings: JSON.stringify(stored), invent_facts: inventFacts })
        .where('id', '=', bid.id)
        .where('status', '<>', 'finished')
        .execute();
      return next;
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/export',
    auth: true,
    rateLimit: 'export',
    raw: true,
    query: z.object({ id, format: z.enum(['docx', 'pdf'], { error: WRITE_TEXTS.badFormat }).default('docx') }),
    labels: LABELS,
    handler: async ({ auth, query, reply }) => {
      const bid = await bidToRead(app, auth, query.id);
      if (!bid.outline || !bid.outline.length) throw badRequest(WRITE_TEXTS.noOutline);
      if (query.format === 'pdf' && !findSoffice()) throw badRequest(WRITE_TEXTS.noPdf);
      const ent = await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id });
      const settings = settingsOf(bid.page_settings, bid.invent_facts);
      const input = {
        title: bid.name,
        bidderName: ent.name,
        card: bid.card,
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
        data = await exportIsolated(app.config, { bid: input, format: query.format }, sectionDocTexts(app.db, bid.id));
      } catch (err) {
        if (err instanceof WorkerLimitError) throw badRequest(err.message);
        if (query.format !== 'pdf') throw err;
        app.log.error({ err }, 'pdf export failed');
        throw badRequest('PDF 导出失败，请导出 Word 文件或稍后重试');
      }
      const mime = query.format === 'pdf' ? 'application/pdf' : DOCX_MIME;
      return sendFile(reply, { data, mime, name: `${bid.name.replace(/[\\/:*?"<>|]/g, '_')}.${query.format}` });
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/finish',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => {
      const bid = await bidToRead(app, auth, query.id);
      await finishBid(app, bid);
      const after = await bidToRead(app, auth, query.id);
      return presentBid({ ...after, outline: outlineWithStatus(after.outline, await sectionRows(app.db, after.id)) }, await listFiles(app.db, after.id));
    },
  });
}
