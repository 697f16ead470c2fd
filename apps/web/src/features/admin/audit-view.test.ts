import { describe, expect, it } from 'vitest';
import { auditLines, auditValue, fieldLabel } from './audit-view';

describe('the audit as an operator reads it', () => {
  it('names fields in Chinese, camel or snake case; an unnamed one keeps its code name', () => {
    expect(fieldLabel('discountFen')).toBe('优惠金额');
    expect(fieldLabel('reward_kind')).toBe('奖励类型');
    expect(fieldLabel('seoTitle')).toBe('SEO 标题');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
  });

  it('writes amounts in yuan, yes/no, lists and nested records', () => {
    expect(auditValue('minFen', 9900)).toBe('¥99.00');
    expect(auditValue('enabled', false)).toBe('否');
    expect(auditValue('hosts', ['a.example.com', 'b.example.com'])).toBe('a.example.com、b.example.com');
    expect(auditValue('holder', { type: 'user', id: 'u1' })).toBe('类型 user，编号 u1');
    expect(auditValue('reply', '')).toBe('（空）');
  });

  it('a coupon edit: changed fields marked, unchanged ones not; a creation has only the after side', () => {
    const lines = auditLines({ title: '新人券', discountFen: 2000, minFen: 9900 }, { title: '新人券', discountFen: 3000, minFen: 9900 });
    expect(lines).toEqual([
      { label: '标题', before: '新人券', after: '新人券', changed: false },
      { label: '优惠金额', before: '¥20.00', after: '¥30.00', changed: true },
      { label: '使用门槛', before: '¥99.00', after: '¥99.00', changed: false },
    ]);
    expect(auditLines(null, { status: 2 })).toEqual([{ label: '状态', before: null, after: '2', changed: true }]);
  });

  it('a refund: the order status by name, the revoked entitlement spelled out', () => {
    const lines = auditLines(
      { status: 2, orderNo: 'O1', amountFen: 19900 },
      { status: 4, refundNo: 'R1', revoked: { field: 'commonBidNumber', delta: -1 } },
      'order',
    );
    expect(lines[0]).toEqual({ label: '状态', before: '已支付', after: '已退款', changed: true });
    // recorded on the before side only: context (the refunded amount), not a change
    expect(lines.find((l) => l.label === '金额')).toEqual({ label: '金额', before: '¥199.00', after: null, changed: false });
    expect(lines.find((l) => l.label === '收回的权益')?.after).toBe('权益项 commonBidNumber，变动 -1');
  });
});
