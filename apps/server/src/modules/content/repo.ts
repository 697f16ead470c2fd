import { sql } from 'kysely';
import {
  ACTIVITY_STATUS_LABEL,
  maskPhone,
  type ActivityDetail,
  type ActivityItem,
  type ActivityStatus,
  type MerchantDetail,
  type MerchantItem,
  type NewsDetail,
  type NewsItem,
  type Page,
  type QuestionDetail,
  type QuestionItem,
  type SitePage,
} from '@btz/shared';
import type { Database } from '../../db/connection.js';
import { paginate, type Paging } from '../../db/paging.js';
import type { ActivitiesTable, FeedbackTable, MerchantsTable, NewsTable, QuestionsTable } from '../../db/schema-content.js';
import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import '../../db/schema-content.js';
import { formatTime } from '../../lib/time.js';

/** Reads of the public-site content, shared by the JSON calls and the server-rendered crawler view. */

const jsonArray = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);

/** Ids in URLs are free text: only digits reach the database (anything else is simply "not found"). */
export const isContentId = (id: string | undefined | null): id is string => !!id && /^\d{1,24}$/.test(id);

function newsItem(r: Selectable<NewsTable>): NewsItem {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    category: r.category,
    tags: jsonArray(r.tags),
    publishTime: formatTime(r.published_at),
    views: r.views,
  };
}

export async function listNews(db: Database, tenantId: string, p: Paging, category?: string): Promise<Page<NewsItem>> {
  let base = db.selectFrom('news').where('tenant_id', '=', tenantId).where('enabled', '=', true);
  if (category) base = base.where('category', '=', category);
  return paginate(base, p, (q) => q.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc'), newsItem);
}

export async function newsCategories(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('news')
    .select('category')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .where('category', '<>', '')
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}

export async function getNews(db: Database, tenantId: string, id: string, countView = false): Promise<NewsDetail | null> {
  if (!isContentId(id)) return null;
  const r = await db
    .selectFrom('news')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!r) return null;
  if (countView) await db.updateTable('news').set({ views: sql`views + 1` }).where('id', '=', id).execute();
  const around = (dir: 'prev' | 'next') =>
    db
      .selectFrom('news')
      .select(['id', 'title'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .where((eb) =>
        dir === 'prev'
          ? eb.or([eb('published_at', '>', r.published_at), eb.and([eb('published_at', '=', r.published_at), eb('id', '>', r.id)])])
          : eb.or([eb('published_at', '<', r.published_at), eb.and([eb('published_at', '=', r.published_at), eb('id', '<', r.id)])]),
      )
      .orderBy('published_at', dir === 'prev' ? 'asc' : 'desc')
      .orderBy('id', dir === 'prev' ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst();
  const [prev, next] = await Promise.all([around('prev'), around('next')]);
  return { ...newsItem(r), views: r.views + (countView ? 1 : 0), body: r.body, prev: prev ?? null, next: next ?? null };
}

/** The brand's published notices (barrage_messages written by an operator), in their order; at most 20. */
export async function listNotices(db: Database, tenantId: string): Promise<{ id: string; content: string }[]> {
  return db
    .selectFrom('barrage_messages')
    .select(['id', 'content'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

function questionItem(r: Selectable<QuestionsTable>): QuestionItem {
  return { id: r.id, question: r.question, category: r.category, views: r.views };
}

export async function listQuestions(db: Database, tenantId: string, p: Paging, category?: string, keyword?: string) {
  let base = db.selectFrom('questions').where('tenant_id', '=', tenantId).where('enabled', '=', true);
  if (category) base = base.where('category', '=', category);
  if (keyword) base = base.where((eb) => eb.or([eb('question', 'like', like(keyword)), eb('answer', 'like', like(keyword))]));
  return paginate(base, p, (q) => q.selectAll().orderBy('sort').orderBy('id'), questionItem);
}

export async function getQuestion(db: Database, tenantId: string, id: string, countView = false): Promise<QuestionDetail | null> {
  if (!isContentId(id)) return null;
  const r = await db
    .selectFrom('questions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!r) return null;
  if (countView) await db.updateTable('questions').set({ views: sql`views + 1` }).where('id', '=', id).execute();
  return { ...questionItem(r), views: r.views + (countView ? 1 : 0), answer: r.answer };
}

export function activityStatus(startsAt: Date, endsAt: Date, now = new Date()): ActivityStatus {
  if (now < startsAt) return 1;
  if (now > endsAt) return 3;
  return 2;
}

function activityItem(r: Selectable<ActivitiesTable>): ActivityItem {
  const status = activityStatus(new Date(r.starts_at), new Date(r.ends_at));
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    startTime: formatTime(r.starts_at),
    endTime: formatTime(r.ends_at),
    status,
    statusLabel: ACTIVITY_STATUS_LABEL[status],
  };
}

export async function listActivities(db: Database, tenantId: string, p: Paging, status?: ActivityStatus) {
  let base = db.selectFrom('activities').where('tenant_id', '=', tenantId).where('enabled', '=', true);
  const now = new Date();
  if (status === 1) base = base.where('starts_at', '>', now);
  if (status === 2) base = base.where('starts_at', '<=', now).where('ends_at', '>=', now);
  if (status === 3) base = base.where('ends_at', '<', now);
  return paginate(base, p, (q) => q.selectAll().orderBy('sort').orderBy('starts_at', 'desc'), activityItem);
}

export async function getActivity(db: Database, tenantId: string, id: string): Promise<ActivityDetail | null> {
  if (!isContentId(id)) return null;
  const r = await db
    .selectFrom('activities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return r ? { ...activityItem(r), body: r.body } : null;
}

/** `se***@example.cn`: the directory shows that a channel exists without handing out the address. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email ? '***' : '';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

function merchantItem(r: Selectable<MerchantsTable>): MerchantItem {
  return {
    id: r.id,
    name: r.name,
    region: r.region,
    industry: r.industry,
    services: jsonArray(r.services),
    intro: r.intro,
    logo: r.logo,
    rating: r.rating_x10 / 10,
  };
}

/** `LIKE` pattern for a keyword typed by a visitor (wildcards in it are literal). */
function like(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface MerchantQuery {
  region?: string;
  industry?: string;
  keyword?: string;
}

export async function listMerchants(db: Database, tenantId: string, p: Paging, f: MerchantQuery = {}) {
  let base = db.selectFrom('merchants').where('tenant_id', '=', tenantId).where('enabled', '=', true);
  if (f.region) base = base.where('region', '=', f.region);
  if (f.industry) base = base.where('industry', '=', f.industry);
  if (f.keyword) {
    const k = like(f.keyword);
    base = base.where((eb) =>
      eb.or([eb('name', 'like', k), eb('intro', 'like', k), eb(sql<string>`services::text`, 'like', k)]),
    );
  }
  return paginate(base, p, (q) => q.selectAll().orderBy('sort').orderBy('id'), merchantItem);
}

export async function merchantFilters(db: Database, tenantId: string) {
  const rows = await db
    .selectFrom('merchants')
    .select(['region', 'industry'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .execute();
  const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
  return { regions: uniq(rows.map((r) => r.region)), industries: uniq(rows.map((r) => r.industry)) };
}

export async function getMerchant(db: Database, tenantId: string, id: string): Promise<MerchantDetail | null> {
  if (!isContentId(id)) return null;
  const r = await db
    .selectFrom('merchants')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!r) return null;
  return {
    ...merchantItem(r),
    contactName: r.contact_name,
    contactPhone: maskPhone(r.contact_phone),
    contactEmail: maskEmail(r.contact_email),
  };
}

export async function getPage(db: Database, tenantId: string, code: string): Promise<SitePage | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return null;
  const r = await db
    .selectFrom('pages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return r ? { code: r.code, title: r.title, summary: r.summary, body: r.body, updateTime: formatTime(r.updated_at) } : null;
}

/** The brand's enabled stored pages, by title: what `/home/{code}.html` can open. */
export async function listPages(db: Database, tenantId: string): Promise<{ code: string; title: string }[]> {
  const rows = await db
    .selectFrom('pages')
    .select(['code', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .orderBy('title')
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ code: r.code, title: r.title }));
}

/** Every public detail URL of a tenant with its last change, for the sitemap and the site-map page. */
export interface ContentLink {
  kind: 'news' | 'question' | 'activity' | 'merchant' | 'page';
  path: string;
  title: string;
  lastmod: Date;
}

export async function allLinks(db: Database, tenantId: string): Promise<ContentLink[]> {
  const [news, questions, activities, merchants, pages] = await Promise.all([
    db
      .selectFrom('news')
      .select(['id', 'title', 'updated_at', 'published_at'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('questions')
      .select(['id', 'question', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('activities')
      .select(['id', 'title', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('starts_at', 'desc')
      .execute(),
    db
      .selectFrom('merchants')
      .select(['id', 'name', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('pages')
      .select(['code', 'title', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .orderBy('code')
      .execute(),
  ]);
  const later = (a: Date, b: Date) => (new Date(a) > new Date(b) ? new Date(a) : new Date(b));
  return [
    ...news.map((r) => ({ kind: 'news' as const, path: `/dynamic/${r.id}.html`, title: r.title, lastmod: later(r.updated_at, r.published_at) })),
    ...questions.map((r) => ({ kind: 'question' as const, path: `/question/${r.id}.html`, title: r.question, lastmod: new Date(r.updated_at) })),
    ...activities.map((r) => ({ kind: 'activity' as const, path: `/activity/${r.id}.html`, title: r.title, lastmod: new Date(r.updated_at) })),
    ...merchants.map((r) => ({ kind: 'merchant' as const, path: `/merchantDetail/${r.id}.html`, title: r.name, lastmod: new Date(r.updated_at) })),
    ...pages.map((r) => ({ kind: 'page' as const, path: `/home/${r.code}.html`, title: r.title, lastmod: new Date(r.updated_at) })),
  ];
}

/** A user's own feedback, newest first. */
export function listFeedback<R>(db: Database, tenantId: string, userId: string, p: Paging, present: (r: Selectable<FeedbackTable>) => R): Promise<Page<R>> {
  const base = db.selectFrom('feedback').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  return paginate(base, p, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), present);
}

/** 合作预约 sent from one IP since a time (the per-IP hourly limit). */
export async function collabsFromIpSince(db: Database, ip: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('collab_appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertCollab(
  db: Database,
  row: Insertable<DB['collab_appointments']>,
): Promise<void> {
  await db.insertInto('collab_appointments').values(row).execute();
}

export async function insertFeedback(
  db: Database,
  row: Insertable<DB['feedback']>,
): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}
