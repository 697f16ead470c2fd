import { describe, expect, it } from 'vitest';
import { purchaseLike } from './barrage-rule.js';

describe('purchaseLike', () => {
  it('refuses texts that read as someone buying', () => {
    for (const t of ['某某刚刚开通了年度会员', '王某已购买旗舰版', '138****5678 购买了普通版标书', '用户13812345678开通会员', '刚刚有人下单了企业版', '5分钟前 李女士 续费了年度会员', '深圳某科技有限公司成功开通企业会员', '尾号 5678 的用户开通了会员']) {
      expect(purchaseLike(t), t).not.toBeNull();
    }
  });
  it('lets notices and offers through', () => {
    for (const t of ['开通年度会员立减 50 元', '12 月 31 日前购买旗舰版赠送 1 份普通版', '系统将于今晚 23:00 维护 30 分钟', '新用户注册即送优惠券']) {
      expect(purchaseLike(t), t).toBeNull();
    }
  });
});
