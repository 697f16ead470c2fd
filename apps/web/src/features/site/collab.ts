import { COLLAB_NEED_MAX, isValidPhone } from '@btz/shared';
import type { CollabForm } from './api';

export type CollabErrors = Partial<Record<keyof CollabForm, string>>;

/** Cooperation types offered in the form (stored as the `need` text). */
export const COLLAB_NEEDS = ['渠道代理', '企业团队采购', '私有化部署', '商家入驻', '内容与媒体合作', '其他合作'];

export const COLLAB_LIMITS = { company: 100, name: 50, city: 50, need: COLLAB_NEED_MAX, remark: 500 } as const;

/** Client-side checks mirroring the server's (company, name and phone required; phone pattern; lengths); Chinese messages. */
export function validateCollab(f: CollabForm): CollabErrors {
  const e: CollabErrors = {};
  const company = f.company.trim();
  const name = f.name.trim();
  const phone = f.phone.trim();
  if (!company) e.company = '请输入公司名称';
  else if (company.length > COLLAB_LIMITS.company) e.company = `公司名称不能超过 ${COLLAB_LIMITS.company} 个字`;
  if (!name) e.name = '请输入联系人姓名';
  else if (name.length > COLLAB_LIMITS.name) e.name = `联系人姓名不能超过 ${COLLAB_LIMITS.name} 个字`;
  if (!phone) e.phone = '请输入手机号';
  else if (!isValidPhone(phone)) e.phone = '手机号格式不正确，请输入 11 位手机号';
  if (f.city.trim().length > COLLAB_LIMITS.city) e.city = `所在城市不能超过 ${COLLAB_LIMITS.city} 个字`;
  if (f.remark.trim().length > COLLAB_LIMITS.remark) e.remark = `需求说明不能超过 ${COLLAB_LIMITS.remark} 个字`;
  return e;
}
