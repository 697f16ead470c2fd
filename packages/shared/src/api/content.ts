/** Public-site content (PRODUCT.md §4): the shapes of the `/btz-skip/content/*` calls, feedback and cooperation. */

export interface NewsItem {
  id: string;
  title: string;
  summary: string;
  cover: string;
  category: string;
  tags: string[];
  publishTime: string;
  views: number;
}
/** `body`: plain text, paragraphs separated by a blank line (render escaped). */
export interface NewsDetail extends NewsItem {
  body: string;
  prev: { id: string; title: string } | null;
  next: { id: string; title: string } | null;
}

export interface QuestionItem {
  id: string;
  question: string;
  category: string;
  views: number;
}
export interface QuestionDetail extends QuestionItem {
  answer: string;
}

/** 1 not started, 2 ongoing, 3 ended (from the dates, Asia/Shanghai). */
export type ActivityStatus = 1 | 2 | 3;
export const ACTIVITY_STATUS_LABEL: Record<ActivityStatus, string> = { 1: '未开始', 2: '进行中', 3: '已结束' };
export interface ActivityItem {
  id: string;
  title: string;
  summary: string;
  cover: string;
  startTime: string;
  endTime: string;
  status: ActivityStatus;
  statusLabel: string;
}
export interface ActivityDetail extends ActivityItem {
  body: string;
}

export interface MerchantItem {
  id: string;
  name: string;
  region: string;
  industry: string;
  services: string[];
  intro: string;
  logo: string;
  rating: number;
}
/** Contact fields are masked (phone `139****0021`, e-mail `se***@…`). */
export interface MerchantDetail extends MerchantItem {
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}
export interface MerchantFilters {
  regions: string[];
  industries: string[];
}

export interface SitePage {
  code: string;
  title: string;
  summary: string;
  body: string;
  updateTime: string;
}

/** Feedback types of `/btz/common/addFeedback`. */
export const FEEDBACK_TYPE_LABEL: Record<number, string> = { 1: '功能建议', 2: '问题反馈', 3: '内容纠错', 4: '其他' };
export interface FeedbackRecord {
  id: string;
  type: number;
  typeLabel: string;
  content: string;
  contact: string;
  images: string[];
  /** 0 pending, 1 replied */
  status: number;
  reply: string;
  createTime: string;
  replyTime: string;
}

export interface CollabAppointment {
  company: string;
  name: string;
  phone: string;
  city?: string;
  need?: string;
  remark?: string;
}
export const COLLAB_NEED_MAX = 500;
