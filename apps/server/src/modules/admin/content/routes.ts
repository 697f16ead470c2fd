import type { FastifyInstance } from 'fastify';
import { adminContentCalls, CONTENT_KIND_NAMES, type AdminContent, type ContentKind } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/connection.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { formatTime } from '../../../lib/time.js';
import { writeAudit } from '../audit/repo.js';
import { defineAdminRoute, tenantScope, type OperatorAuth } from '../route.js';
import { purchaseLike } from './barrage-rule.js';
import { KINDS } from './kinds.js';
import { contentPage, contentRow, insertContent, pageCodeTaken, updateContent, type Row } from './repo.js';


function present(kind: ContentKind, r: Row): AdminContent {
  const k = KINDS[kind];
  return {
    id: r.id,
    kind,
    tenantId: r.tenant_id,
    title: String(r[k.titleColumn] ?? ''),
    published: !!r.enabled,
    publicPath: k.publicPath(r),
    updateTime: formatTime(r[k.changedColumn]),
    fields: k.fields(r),
  };
}

async function findItem(db: Database, op: OperatorAuth, kind: ContentKind, id: string, lock = false): Promise<Row> {
  const row = await contentRow(db, kind, id, tenantScope(op), lock);
  if (!row) throw notFound(CONTENT_KIND_NAMES[kind]);
  return row;
}

/** The fields an edit changed, before and after (what the audit row keeps). */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

/**
 * The public site's content in the console (issue 28): list, read, create (a draft), edit, publish / unpublish. Bodies
 * are sanitised HTML (lib/sanitize-html.ts); a barrage notice that reads as a purchase is refused (barrage-rule.ts).
 */
export function registerAdminContent(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminContentCalls.contentList,
    handler: async ({ app, op, query }) => {
      const scope = tenantScope(op, query.tenantId);
      return contentPage(app.db, query.kind, { scope, status: query.status, keyword: query.keyword }, query, (r) => present(query.kind, r));
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminContentCalls.contentDetail,
    handler: async ({ app, op, query }) => present(query.kind, await findItem(app.db, op, query.kind, query.id)),
  });

  defineAdminRoute(fastify, app, {
    call: adminContentCalls.saveContent,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const kind = body.kind;
      const k = KINDS[kind];
      if (kind === 'barrage') {
        const why = purchaseLike(body.title);
        if (why) throw badRequest(`公告不能写成购买动态（${why}）：首页的购买动态只展示真实的已支付订单`);
      }
      const values = k.toRow(body as Record<string, unknown>);
      if (body.id) {
        const before = await findItem(db, op, kind, body.id, true);
        if (kind === 'page') await pageCodeFree(db, before.tenant_id, body.code as string, body.id);
        const set = k.changedColumn === 'updated_at' ? { ...values, updated_at: new Date() } : values;
        const after = await updateContent(db, kind, body.id, set);
        await writeAudit(db, {
          operatorId: op.id,
          tenantId: after.tenant_id,
          action: 'content.update',
          targetType: kind,
          targetId: after.id,
          ...changed(k.fields(before), k.fields(after)),
          ip,
        });
        return present(kind, after);
      }
      const scope = tenantScope(op, body.tenantId);
      if (!scope) throw badRequest('请选择内容所属的租户（tenantId）');
      if (kind === 'page') await pageCodeFree(db, scope, body.code as string);
      const row = await insertContent(db, kind, scope, values);
      await writeAudit(db, { operatorId: op.id, tenantId: scope, action: 'content.create', targetType: kind, targetId: row.id, after: k.fields(row), ip });
      return present(kind, row);
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminContentCalls.publishContent,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const k = KINDS[body.kind];
      const before = await findItem(db, op, body.kind, body.id, true);
      if (!!before.enabled === body.published) return present(body.kind, before);
      const set: Record<string, unknown> = { enabled: body.published };
      if (k.changedColumn === 'updated_at') set.updated_at = new Date();
      // a news item is dated when it goes public (a draft written last week and published today is today's news)
      if (body.kind === 'news' && body.published) set.published_at = new Date();
      const after = await updateContent(db, body.kind, body.id, set);
      await writeAudit(db, {
        operatorId: op.id,
        tenantId: after.tenant_id,
        action: body.published ? 'content.publish' : 'content.unpublish',
        targetType: body.kind,
        targetId: after.id,
        before: { published: !!before.enabled },
        after: { published: !!after.enabled },
        ip,
      });
      return present(body.kind, after);
    },
  });
}

/** A static page's code is its address: one page per code in a tenant. */
async function pageCodeFree(db: Database, tenantId: string, code: string, exceptId?: string): Promise<void> {
  if (await pageCodeTaken(db, tenantId, code, exceptId)) throw badRequest(`页面代码「${code}」已被本租户的另一个页面使用`);
}
