/**
 * The resident picture workers (issue 22), real processes: a task over its time limit is answered in Chinese and its
 * worker replaced (the next task is served); tasks beyond the queue are refused at once in Chinese.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { flatPng } from '../../../../packages/bid-engine/test/fixtures/hostile-images.js';
import { ResidentPool, WorkerTaskError } from './resident.js';
import type { PictureTaskResult } from './tasks.js';

const messages = { crashed: '图片无法处理', time: '图片处理超时', busy: '图片处理繁忙，请稍后再试' };
let pool: ResidentPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('resident picture workers', () => {
  it('a picture over the time limit ends its worker with a Chinese error; a new worker serves the next', async () => {
    const p = (pool = new ResidentPool({ size: 1, memoryMb: 1024, timeoutMs: 30_000, maxQueue: 4, messages }));
    // a warm worker first, so the limit below counts decoding only
    expect((await p.run<PictureTaskResult>('picture', { data: drawPicture(2) })).ok?.width).toBe(480);
    // 200 ms cannot decode 49 megapixels; a 480×360 picture fits in 30 s on any machine
    const slow = p.run<PictureTaskResult>('picture', { data: flatPng(7000, 7000) }, 200);
    await expect(slow).rejects.toThrow(WorkerTaskError);
    await expect(slow).rejects.toThrow('图片处理超时');
    const ok = await p.run<PictureTaskResult>('picture', { data: drawPicture(3) });
    expect(ok.ok?.width).toBe(480);
    expect(p.started).toBe(2);
  }, 60_000);

  it('refuses tasks beyond its queue at once; the queued ones run in turn in the same process', async () => {
    const p = (pool = new ResidentPool({ size: 1, memoryMb: 1024, timeoutMs: 30_000, maxQueue: 1, messages }));
    const a = p.run<PictureTaskResult>('picture', { data: drawPicture(4) });
    const b = p.run<PictureTaskResult>('picture', { data: drawPicture(5) });
    const c = p.run<PictureTaskResult>('picture', { data: drawPicture(6) });
    await expect(c).rejects.toThrow('图片处理繁忙，请稍后再试');
    expect((await a).ok?.width).toBe(480);
    expect((await b).ok?.width).toBe(480);
    expect(p.started).toBe(1);
  }, 60_000);
});
