/** Quiet time after the last change before a section is saved. */
export const SECTION_AUTOSAVE_MS = 1500;

/** What one save attempt came to. `stale`: the server refused the revision (someone else saved first). */
export type SaveOutcome = 'ok' | 'stale' | 'error';

/**
 * - `saved`: nothing to save (the last save succeeded, or nothing changed yet)
 * - `dirty`: changes are waiting for the quiet time
 * - `saving`: a save is on its way
 * - `error`: the last save failed; the next change or flush tries again
 * - `stale`: the server refused the revision; autosave stops until `reset()`
 */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'error' | 'stale';

export interface SaveSnapshot {
  state: SaveState;
  /** when the last successful save ended (ms since epoch), null before the first */
  savedAt: number | null;
}

export interface SaveSchedulerOptions {
  /** performs one save of the current content; must not throw (map failures to an outcome) */
  save: () => Promise<SaveOutcome>;
  onChange?: (s: SaveSnapshot) => void;
  delayMs?: number;
  now?: () => number;
}

/**
 * Debounced autosave with at most one save in flight: changes made while a save runs are saved after it (never two saves
 * racing with the same base revision). `flush()` saves at once (Ctrl+S, leaving the section).
 */
export class SaveScheduler {
  private readonly opts: Required<Omit<SaveSchedulerOptions, 'onChange'>> & Pick<SaveSchedulerOptions, 'onChange'>;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dirty = false;
  private inFlight: Promise<void> | null = null;
  /** a flush was asked for while a save was running */
  private flushAfter = false;
  private snap: SaveSnapshot = { state: 'saved', savedAt: null };
  private disposed = false;
  /** counts dispose/resume calls: a dispose whose flush ends after a resume leaves the scheduler running */
  private generation = 0;

  constructor(opts: SaveSchedulerOptions) {
    this.opts = { delayMs: SECTION_AUTOSAVE_MS, now: Date.now, ...opts };
  }

  get snapshot(): SaveSnapshot {
    return this.snap;
  }

  /** unsaved changes exist (waiting, failed or refused) or a save is running */
  get pending(): boolean {
    return this.dirty || this.inFlight !== null;
  }

  /** The content changed. */
  change(): void {
    if (this.disposed) return;
    this.dirty = true;
    if (this.snap.state === 'stale') return;
    this.set('dirty');
    if (this.inFlight) return; // re-armed when the running save ends
    this.arm();
  }

  /** Save now if anything is unsaved; resolves when the content as of this call is saved (or the attempt failed). */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.snap.state === 'stale') return;
    if (this.inFlight) {
      this.flushAfter = true;
      await this.inFlight;
      // the follow-up save (if any) was started by the running one's end
      if (this.inFlight) await this.inFlight;
      return;
    }
    if (!this.dirty) return;
    await this.run();
  }

  /** After a reload (the stale conflict resolved): the content is the server's, nothing to save. */
  reset(savedAt: number | null = this.snap.savedAt): void {
    this.clearTimer();
    this.dirty = false;
    this.flushAfter = false;
    this.snap = { state: 'saved', savedAt };
    this.opts.onChange?.(this.snap);
  }

  /**
   * Stops the timer; a pending change is flushed first when `flush` is true. A `resume()` before the flush ends cancels
   * the stop (it would otherwise land after the resume and silence the scheduler for good).
   */
  dispose(flush = true): Promise<void> {
    const generation = ++this.generation;
    const done = flush ? this.flush() : Promise.resolve();
    return done.finally(() => {
      if (generation !== this.generation) return;
      this.disposed = true;
      this.clearTimer();
    });
  }

  /**
   * Undoes `dispose()`: the effect that owns the scheduler was set up again after its cleanup, on the same component —
   * React's StrictMode does exactly that once on mount (development builds, the dev server); without this every change
   * after it was ignored and the section never saved.
   */
  resume(): void {
    this.generation++;
    this.disposed = false;
  }

  private arm(): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.opts.delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.dirty = false;
    this.set('saving');
    const p = (async () => {
      let outcome: SaveOutcome;
      try {
        outcome = await this.opts.save();
      } catch {
        outcome = 'error';
      }
      this.inFlight = null;
      if (outcome === 'stale') {
        this.dirty = true;
        this.flushAfter = false;
        this.set('stale');
        return;
      }
      if (outcome === 'error') {
        this.dirty = true;
        this.flushAfter = false;
        this.set('error');
        return;
      }
      this.snap = { state: this.dirty ? 'dirty' : 'saved', savedAt: this.opts.now() };
      this.opts.onChange?.(this.snap);
      if (this.dirty && !this.disposed) {
        if (this.flushAfter) {
          this.flushAfter = false;
          void this.run();
        } else this.arm();
      }
      this.flushAfter = false;
    })();
    this.inFlight = p;
    return p;
  }

  private set(state: SaveState): void {
    if (this.snap.state === state) return;
    this.snap = { ...this.snap, state };
    this.opts.onChange?.(this.snap);
  }
}
