import { describe, expect, it } from 'vitest';
import { WORKBENCH_MENU } from '@btz/shared';
import { canEnter } from './access';

describe('access rule (spec §2)', () => {
  it('lets anonymous visitors reach the public paths', () => {
    for (const p of ['/', '/demo', '/home', '/home/pay_agreement.html', '/activity', '/activity/3.html', '/dynamic/9.html', '/question/1.html', '/more/x', '/help']) {
      expect(canEnter(p, false, [])).toBe(true);
    }
    expect(canEnter('/merchantDetail/5.html', false, [])).toBe(true);
  });
  it('sends anonymous visitors away from the workbench and the profile', () => {
    for (const p of ['/workbench', '/workbench/historyBook', '/workbench/nope', '/user/profile']) expect(canEnter(p, false, [])).toBe(false);
  });
  it('allows header-menu paths and everything else once logged in', () => {
    expect(canEnter('/workbench/historyBook', false, WORKBENCH_MENU)).toBe(true);
    expect(canEnter('/workbench/tools/BiddingCheck', true, WORKBENCH_MENU)).toBe(true);
  });
  it('leaves invite codes and unknown paths to the page (invite landing or 404)', () => {
    expect(canEnter('/AB12CD', false, [])).toBe(true);
    expect(canEnter('/no/such/page', false, [])).toBe(true);
  });
});
