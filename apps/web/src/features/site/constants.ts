import { FEEDBACK_TYPE_LABEL } from '@btz/shared';

/** Merchant directory filters while the server's own list (merchant-filters) is not there. */
export const MERCHANT_REGIONS = ['北京', '上海', '广东', '浙江', '江苏', '山东', '四川', '湖北', '河南', '福建'];
export const MERCHANT_INDUSTRIES = ['标书编制', '招标代理', '工程造价', '资质办理', '信息化集成', '法律服务'];

/** Feedback types (`addFeedback.type`) from the shared labels. */
export const FEEDBACK_TYPES: { value: number; label: string }[] = Object.entries(FEEDBACK_TYPE_LABEL).map(([v, label]) => ({
  value: Number(v),
  label,
}));

export const feedbackTypeLabel = (v: unknown): string => FEEDBACK_TYPE_LABEL[Number(v)] ?? '其他';
