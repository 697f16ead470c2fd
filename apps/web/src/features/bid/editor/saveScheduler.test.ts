import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveScheduler, type SaveOutcome, type SaveState } from './saveScheduler';

/** A save whose answer the test decides. */
function deferredSaves() {
  const calls: { resolve: (o: SaveOutcome) => void }[] = [];
  const save = vi.fn(
    () =>
      new Promise<SaveOutcome>((resolve) => {
        calls.push({ resolve });
      }),
  );
  return { save, calls };
}

describe('SaveScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, 1.5 s after the last of several changes', async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => 'ok');
    const states: SaveState[] = [];
    const s = new SaveScheduler({ save, onChange: (x) => states.push(x.state), now: () => 42 });
    s.change();
    await vi.advanceTimersByTimeAsync(1000);
    s.change();
    await vi.advanceTimersByTimeAsync(1000);
    s.change();
    expect(save).not.toHaveBeenCalled();
    expect(s.snapshot.state).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(s.snapshot).toEqual({ state: 'saved', savedAt: 42 });
    expect(states).toEqual(['dirty', 'saving', 'saved']);
    expect(s.pending).toBe(false);
  });

  it('flush saves at once and cancels the timer; nothing to save → no call', async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => 'ok');
    const s = new SaveScheduler({ save });
    await s.flush();
    expect(save).not.toHaveBeenCalled();
    s.change();
    await s.flush();
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never runs two saves at once: a change during a save is saved after it', async () => {
    const { save, calls } = deferredSaves();
    const s = new SaveScheduler({ save });
    s.change();
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).toHaveBeenCalledTimes(1);
    s.change(); // while the first save runs
    expect(s.snapshot.state).toBe('dirty');
    await vi.advanceTimersByTimeAsync(3000);
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]!.resolve('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.snapshot.state).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.snapshot.state).toBe('saved');
  });

  it('flush during a running save waits for it and then saves the newer change', async () => {
    const { save, calls } = deferredSaves();
    const s = new SaveScheduler({ save });
    s.change();
    await vi.advanceTimersByTimeAsync(1500);
    s.change();
    let flushed = false;
    const f = s.flush().then(() => (flushed = true));
    calls[0]!.resolve('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2); // at once, not after the quiet time
    expect(flushed).toBe(false);
    calls[1]!.resolve('ok');
    await f;
    expect(flushed).toBe(true);
    expect(s.snapshot.state).toBe('saved');
  });

  it('a stale revision stops autosave until reset', async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => 'stale');
    const s = new SaveScheduler({ save });
    s.change();
    await vi.advanceTimersByTimeAsync(1500);
    expect(s.snapshot.state).toBe('stale');
    expect(s.pending).toBe(true);
    s.change();
    await s.flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    s.reset(7);
    expect(s.snapshot).toEqual({ state: 'saved', savedAt: 7 });
    expect(s.pending).toBe(false);
    save.mockResolvedValue('ok');
    s.change();
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('an error keeps the change; the next change or flush tries again (a thrown save counts as an error)', async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => {
      throw new Error('network');
    });
    const s = new SaveScheduler({ save });
    s.change();
    await vi.advanceTimersByTimeAsync(1500);
    expect(s.snapshot.state).toBe('error');
    expect(s.pending).toBe(true);
    save.mockResolvedValue('ok');
    await s.flush();
    expect(save).toHaveBeenCalledTimes(2);
    expect(s.snapshot.state).toBe('saved');
  });

  it('dispose flushes the pending change and then stays quiet', async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => 'ok');
    const s = new SaveScheduler({ save });
    s.change();
    await s.dispose();
    expect(save).toHaveBeenCalledTimes(1);
    s.change();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('dispose then resume at once (StrictMode re-runs the effect on mount) keeps autosaving', async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => 'ok');
    const s = new SaveScheduler({ save });
    const stopped = s.dispose();
    s.resume();
    await stopped;
    s.change();
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(s.snapshot.state).toBe('saved');
    // a later dispose still stops it
    await s.dispose();
    s.change();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
