/**
 * modules/entitlements — the one place that changes VIP and copies: spendCopy (VIP fair use, then a copy, else 5003
 * with data.bidType), refundSpend (once), and an audit row in entitlement_ledger for every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '@btz/shared';
import { AppError } from '../../src/http/errors.js';
import { refundSpend, spendCopy, startOfShanghaiMonth } from '../../src/modules/entitlements/index.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { TENANT, confirmSandbox, db, getInfo, opt, payOrder } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const spend = (userId: string, bidType: 1 | 2, monthlyCap?: number) =>
  db(t).transaction().execute((trx) => spendCopy(trx, { tenantId: TENANT, userId, bidType, monthlyCap, ref: 'bid-1' }));
const refund = (ledgerId: string) => db(t).transaction().execute((trx) => refundSpend(trx, { tenantId: TENANT, ledgerId }));

async function buy(token: string, optionId: string, number = 1) {
  const order = (await payOrder(t, token, { optionId, number })).data;
  await confirmSandbox(t, order.codeUrl);
}

describe('spendCopy', () => {
  it('with nothing to spend: 5003 carrying the bid version for the purchase dialog', async () => {
    const { userId } = await newUser(t);
    for (const bidType of [1, 2] as const) {
      const err = await spend(userId, bidType).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: CODE.insufficient, data: { bidType } });
    }
  });

  it('spends one copy of the version and records it; refund gives it back once', async () => {
    const { token, userId } = await newUser(t);
    await buy(token, opt('copy-basic'), 2);
    const s = await spend(userId, 1);
    expect(s).toMatchObject({ via: 'copy', holder: { type: 'user', id: userId } });
    expect((await getInfo(t, token)).commonBidNumber).toBe(1);
    // a flagship bid cannot use basic copies
    await expect(spend(userId, 2)).rejects.toMatchObject({ code: CODE.insufficient, data: { bidType: 2 } });
    expect(await refund(s.ledgerId)).toBe(true);
    expect(await refund(s.ledgerId)).toBe(false);
    expect((await getInfo(t, token)).commonBidNumber).toBe(2);
    const ledger = await db(t).selectFrom('entitlement_ledger').selectAll().where('holder_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    expect(ledger.map((l) => [l.kind, l.field, l.delta])).toEqual([
      ['grant', 'common', 2],
      ['spend', 'common', -1],
      ['refund', 'common', 1],
    ]);
  });

  it('concurrent spends never go below zero', async () => {
    const { token, userId } = await newUser(t);
    await buy(token, opt('copy-flagship'), 3);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => spend(userId, 2)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await getInfo(t, token)).flagshipBidNumber).toBe(0);
  });

  it('a VIP with the version’s privilege spends no copy, within the monthly fair-use cap', async () => {
    const { token, userId } = await newUser(t);
    await buy(token, opt('vip-3d')); // bid_common only
    await buy(token, opt('copy-basic'), 1);
    const a = await spend(userId, 1, 2);
    const b = await spend(userId, 1, 2);
    expect([a.via, b.via]).toEqual(['vip', 'vip']);
    expect((await getInfo(t, token)).commonBidNumber).toBe(1);
    // cap reached: the copy is spent
    expect((await spend(userId, 1, 2)).via).toBe('copy');
    await expect(spend(userId, 1, 2)).rejects.toMatchObject({ code: CODE.insufficient, data: { bidType: 1 } });
    // the 3-day package does not cover flagship bids
    await expect(spend(userId, 2, 2)).rejects.toMatchObject({ data: { bidType: 2 } });
    // a refunded VIP start frees its place under the cap
    await refund(a.ledgerId);
    expect((await spend(userId, 1, 2)).via).toBe('vip');
  });

  it('in the enterprise role the enterprise’s entitlements are spent', async () => {
    const { token, userId } = await newUser(t);
    await buy(token, opt('ent-pro'));
    const info = await getInfo(t, token);
    const s = await spend(userId, 2);
    expect(s).toMatchObject({ via: 'vip', holder: { type: 'enterprise', id: info.team.id } });
  });

  it('month start is Asia/Shanghai midnight of the 1st', () => {
    expect(startOfShanghaiMonth(new Date('2026-03-31T16:30:00Z')).toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(startOfShanghaiMonth(new Date('2026-03-31T15:59:00Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });
});
