import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('never runs more than the limit, FIFO', async () => {
    const s = new Semaphore(2);
    let active = 0;
    let max = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.run(async () => {
          order.push(i);
          active++;
          max = Math.max(max, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(max).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(s.running).toBe(0);
  });

  it('drops an aborted waiter from the queue and lets priority waiters jump ahead', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    const ac = new AbortController();
    const aborted = s.acquire(ac.signal);
    const normal = s.acquire();
    const urgent = s.acquire(undefined, { front: true });
    expect(s.waiting).toBe(3);
    ac.abort();
    await expect(aborted).rejects.toThrow();
    expect(s.waiting).toBe(2);
    const got: string[] = [];
    void normal.then((r) => {
      got.push('normal');
      r();
    });
    void urgent.then((r) => {
      got.push('urgent');
      r();
    });
    release();
    release(); // idempotent
    await normal;
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual(['urgent', 'normal']);
    expect(s.running).toBe(0);
  });
});
