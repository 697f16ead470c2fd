/**
 * Bounded memory of message ids already handled (spec §4: messages with an already-seen id are ignored).
 * A Set keeps insertion order, so evicting the first entry drops the oldest id.
 */
export class SeenIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity = 500) {}

  /** Records `id`; returns true when it had been seen before. */
  check(id: string): boolean {
    if (this.ids.has(id)) return true;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return false;
  }

  clear(): void {
    this.ids.clear();
  }
}
