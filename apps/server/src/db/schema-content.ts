import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the content tables (migrations/0004_content.ts is the source of truth). Merged into `DB` by module
 * augmentation so schema.ts stays as it is.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface NewsTable {
  id: string;
  tenant_id: string;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  cover: Generated<string>;
  category: Generated<string>;
  tags: Json<string[]>;
  published_at: Timestamp;
  views: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface QuestionsTable {
  id: string;
  tenant_id: string;
  question: string;
  answer: string;
  category: Generated<string>;
  sort: Generated<number>;
  views: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ActivitiesTable {
  id: string;
  tenant_id: string;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  cover: Generated<string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MerchantsTable {
  id: string;
  tenant_id: string;
  name: string;
  region: Generated<string>;
  industry: Generated<string>;
  services: Json<string[]>;
  intro: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  contact_email: Generated<string>;
  logo: Generated<string>;
  rating_x10: Generated<number>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PagesTable {
  id: string;
  tenant_id: string;
  code: string;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FeedbackTable {
  id: string;
  tenant_id: string;
  user_id: string | null;
  type: number;
  content: string;
  contact: Generated<string>;
  images: Json<string[]>;
  status: Generated<number>;
  reply: Generated<string>;
  replied_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface CollabAppointmentsTable {
  id: string;
  tenant_id: string;
  company: string;
  contact_name: string;
  phone: string;
  city: Generated<string>;
  need: Generated<string>;
  remark: Generated<string>;
  ip: Generated<string>;
  status: Generated<number>;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    news: NewsTable;
    questions: QuestionsTable;
    activities: ActivitiesTable;
    merchants: MerchantsTable;
    pages: PagesTable;
    feedback: FeedbackTable;
    collab_appointments: CollabAppointmentsTable;
  }
}
