import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminContentCalls, CONTENT_KIND_NAMES, type AdminContent, type ContentKind } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/connection.js';
import { paginate } from '../../../db/paging.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { formatTime } from '../../../lib/time.js';
import { writeAudit } from '../audit/repo.js';
import { defineAdminRoute, tenantScope, type OperatorAuth } from '../route.js';
import { purchaseLike } from './barrage-rule.js';
import { KINDS } from './kinds.js';

type Row = Record<string, any>;
// The six tables differ in columns; `KINDS` maps each one, so the queries here go through an untyped handle.
const loose = (db: Database) => db as unknown as Kysely<any>;

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
  let q = loose(db).selectFrom(KINDS[kind].table).selectAll().where('id', '=', id);
  const scope = tenantScope(op);
  if (scope) q = q.where('tenant_id', '=', scope);
  const row = (await (lock ? q.forUpdate() : q).executeTakeFirst()) as Row | undefined;
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
      const k = KINDS[query.kind];
      const scope = tenantScope(op, query.tenantId);
      let base = loose(app.db).selectFrom(k.table);
      if (scope) base = base.where('tenant_id', '=', scope);
      if (query.status) base = base.where('enabled', '=', query.status === 'published');
      if (query.keyword) base = base.where(k.titleColumn, 'like', `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return paginate(
        base as never,
        query,
        (q: any) => q.selectAll().orderBy(k.changedColumn, 'desc').orderBy('id', 'desc'),
        (r: Row) => present(query.kind, r),
      );
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
        const after = (await loose(db).updateTable(k.table).set(set).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow()) as Row;
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
      const extra = kind === 'news' ? { published_at: new Date() } : {};
      const row = (await loose(db)
        .insertInto(k.table)
        .values({ id: newId(), tenant_id: scope, enabled: false, ...extra, ...values })
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
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
      const after = (await loose(db).updateTable(k.table).set(set).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow()) as Row;
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
  let q = db.selectFrom('pages').select('id').where('tenant_id', '=', tenantId).where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw badRequest(`页面代码「${code}」已被本租户的另一个页面使用`);
}
