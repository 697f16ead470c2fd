import type { ContentInput, ContentKind } from '@btz/shared/calls';
import { isHtmlBody, sanitizeHtml } from '../../../lib/sanitize-html.js';

/**
 * How each kind of public content is kept (migrations 0004 and 0002): its table, the column the console calls its
 * title, the public address of an item, and the mapping between the editor's fields and the row. `enabled` is
 * "published": the public calls and pages read enabled rows of the host's tenant only.
 */
export interface KindDef {
  table: 'news' | 'questions' | 'activities' | 'merchants' | 'pages' | 'barrage_messages';
  titleColumn: string;
  /** the column a list is ordered by (newest change first) */
  changedColumn: 'updated_at' | 'created_at';
  publicPath: (row: Row) => string;
  toRow: (input: Input) => Record<string, unknown>;
  fields: (row: Row) => Record<string, unknown>;
}
type Row = Record<string, any>;
type Input = Record<string, any>;

const jsonArray = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);
/** Rich text as kept: HTML sanitised, plain text as it came. */
export const keptBody = (body: string): string => (isHtmlBody(body) ? sanitizeHtml(body) : body.trim());
/** `YYYY-MM-DD[ HH:mm[:ss]]`, Asia/Shanghai, as an instant. */
export const shanghai = (s: string): Date => {
  const [d, t = '00:00'] = s.split(' ');
  return new Date(`${d}T${t.length === 5 ? `${t}:00` : t}+08:00`);
};
const shanghaiText = (d: Date): string => new Date(new Date(d).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export const KINDS: Record<ContentKind, KindDef> = {
  news: {
    table: 'news',
    titleColumn: 'title',
    changedColumn: 'updated_at',
    publicPath: (r) => `/dynamic/${r.id}.html`,
    toRow: (i) => ({ title: i.title, summary: i.summary, body: keptBody(i.body), cover: i.cover, category: i.category, tags: JSON.stringify(i.tags) }),
    fields: (r) => ({ title: r.title, summary: r.summary, body: r.body, cover: r.cover, category: r.category, tags: jsonArray(r.tags), publishTime: shanghaiText(r.published_at) }),
  },
  question: {
    table: 'questions',
    titleColumn: 'question',
    changedColumn: 'updated_at',
    publicPath: (r) => `/question/${r.id}.html`,
    toRow: (i) => ({ question: i.title, answer: keptBody(i.body), category: i.category, sort: i.sort }),
    fields: (r) => ({ title: r.question, body: r.answer, category: r.category, sort: r.sort }),
  },
  activity: {
    table: 'activities',
    titleColumn: 'title',
    changedColumn: 'updated_at',
    publicPath: (r) => `/activity/${r.id}.html`,
    toRow: (i) => ({ title: i.title, summary: i.summary, body: keptBody(i.body), cover: i.cover, starts_at: shanghai(i.startTime), ends_at: shanghai(i.endTime), sort: i.sort }),
    fields: (r) => ({ title: r.title, summary: r.summary, body: r.body, cover: r.cover, startTime: shanghaiText(r.starts_at), endTime: shanghaiText(r.ends_at), sort: r.sort }),
  },
  merchant: {
    table: 'merchants',
    titleColumn: 'name',
    changedColumn: 'updated_at',
    publicPath: (r) => `/merchantDetail/${r.id}.html`,
    toRow: (i) => ({
      name: i.title,
      region: i.region,
      industry: i.industry,
      services: JSON.stringify(i.services),
      intro: keptBody(i.body),
      contact_name: i.contactName,
      contact_phone: i.contactPhone,
      contact_email: i.contactEmail,
      logo: i.cover,
      rating_x10: Math.round(i.rating * 10),
      sort: i.sort,
    }),
    fields: (r) => ({
      title: r.name,
      region: r.region,
      industry: r.industry,
      services: jsonArray(r.services),
      body: r.intro,
      contactName: r.contact_name,
      contactPhone: r.contact_phone,
      contactEmail: r.contact_email,
      cover: r.logo,
      rating: r.rating_x10 / 10,
      sort: r.sort,
    }),
  },
  page: {
    table: 'pages',
    titleColumn: 'title',
    changedColumn: 'updated_at',
    publicPath: (r) => `/home/${r.code}.html`,
    toRow: (i) => ({ code: i.code, title: i.title, summary: i.summary, body: keptBody(i.body) }),
    fields: (r) => ({ code: r.code, title: r.title, summary: r.summary, body: r.body }),
  },
  barrage: {
    table: 'barrage_messages',
    titleColumn: 'content',
    changedColumn: 'created_at',
    publicPath: () => '',
    toRow: (i) => ({ content: i.title, sort: i.sort }),
    fields: (r) => ({ title: r.content, sort: r.sort }),
  },
};

export type { ContentInput };
