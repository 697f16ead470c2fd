/**
 * The storage ledger (issue 22, finding 6): the one way a stored object comes to exist. `put` counts the bytes against
 * the user's quota (UPLOAD_QUOTA_BYTES, every upload path and tool output alike), records a ledger row (tenant, user,
 * object key, bytes, kind, the holding row's id) and only then writes the object; `release` drops the ledger rows of
 * deleted holders and deletes every object no row references any more; `sweep` collects objects nobody recorded (the
 * leftovers of a crash between the write and the row, files of the time before the ledger).
 *
 * The quota check locks the user's row, so two uploads of one user cannot both slip under it, and a refused object is
 * never written. Storage is content-addressed: one object may have several ledger rows (each holder pays for its copy).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { TEXT } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-storage.js';
import { badRequest } from '../../http/errors.js';
import { stage, type FileStorage, type OpenedFile, type StageOptions, type StagedFile, type StoredFile } from './index.js';

/** What kind of row holds an object (the ledger's `kind`). */
export type StoredKind = 'tender' | 'picture' | 'extraction' | 'databank' | 'repository' | 'dupcheck' | 'bidcheck' | 'filetool' | 'export' | 'avatar' | 'brand';

/**
 * Kinds recorded (released like any other) but not counted against the quota: a bid's export is the product of the
 * user's own bid — a full quota of uploads must never stop the user from downloading the bid it paid to write — and it
 * is bounded (the latest export of each bid and format is kept, an older one is released when a newer one is done).
 * A brand's logo is the operator's, not a user's (its row names the operator as `operator:{id}`).
 */
const UNCOUNTED: readonly StoredKind[] = ['export', 'brand'];

/** Whom an object counts against, and the row that holds it (its id: what `release` is called with when it goes). */
export interface StoreFor {
  tenantId: string;
  userId: string;
  kind: StoredKind;
  refId: string;
}

/** 1.5 MB, 2 GB… as the quota message shows sizes. */
export function formatBytes(bytes: number): string {
  const trim = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024 * 1024) return `${trim(bytes / 1024 / 1024 / 1024)} GB`;
  if (bytes >= 1024 * 1024) return `${trim(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** An object written less than this long ago is never swept (its ledger row may be committing right now). */
export const SWEEP_GRACE_MS = 60 * 60_000;

export class LedgeredStorage {
  constructor(
    private readonly db: Kysely<DB>,
    /** the bare provider, private: nothing writes an object but `put` */
    private readonly files: FileStorage,
    private readonly quotaBytes: number,
  ) {}

  get name(): string {
    return this.files.name;
  }

  get(key: string): Promise<Buffer> {
    return this.files.get(key);
  }

  /** The file as a stream for a download (StorageNotFoundError before any byte when it is gone). */
  open(key: string): Promise<OpenedFile> {
    return this.files.open(key);
  }

  /** Bytes the user's ledger rows hold. */
  async usedBytes(userId: string, db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('stored_objects')
      .select(sql<number>`coalesce(sum(bytes), 0)::float8`.as('used'))
      .where('user_id', '=', userId)
      .where('kind', 'not in', UNCOUNTED)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /**
   * Stores `data` for `o`: the quota checked (the Chinese 「存储空间不足…」 when it would pass), the ledger row written,
   * then the object. With `trx` (the caller's transaction) the row commits with the caller's own rows; without one it
   * commits in a short transaction of its own before the write, and is dropped again when the write fails.
   */
  async put(data: Buffer, o: StoreFor, trx?: Kysely<DB>): Promise<StoredFile> {
    return (await this.putMany([data], o, trx))[0]!;
  }

  /** Several objects for one holder (a tool's outputs, a picture and its thumbnail): one quota check for all. */
  async putMany(items: Buffer[], o: StoreFor, trx?: Kysely<DB>): Promise<StoredFile[]> {
    const planned = items.map((data) => ({ key: this.keyOf(data), bytes: data.length }));
    if (trx) {
      await this.charge(trx, o, planned);
    } else {
      await this.db.transaction().execute((t) => this.charge(t, o, planned));
    }
    try {
      const out: StoredFile[] = [];
      for (const data of items) out.push(await this.files.put(data));
      return out;
    } catch (e) {
      if (!trx) await this.release([o.refId]).catch(() => undefined);
      throw e;
    }
  }

  /**
   * Writes an upload while it streams in (index.ts `stage`): nothing is counted or stored as an object yet. The caller
   * sniffs the staged bytes, then `putStaged`s them — or `discard`s them (also when anything fails before that).
   */
  stage(source: AsyncIterable<Buffer> | Iterable<Buffer>, o?: StageOptions): Promise<StagedFile> {
    return stage(this.files, source, o);
  }

  /**
   * `put` for a staged upload: the quota checked and the ledger row written (in `trx` when given) before the staged
   * bytes become the object; a refusal discards them, so a refused upload is never stored.
   */
  async putStaged(staged: StagedFile, o: StoreFor, trx?: Kysely<DB>): Promise<StoredFile> {
    return (await this.putStagedMany([staged], o, trx))[0]!;
  }

  /** Several staged uploads for one holder (a tool's pictures): one quota check for all, then each committed. */
  async putStagedMany(items: StagedFile[], o: StoreFor, trx?: Kysely<DB>): Promise<StoredFile[]> {
    const planned = items.map((staged) => ({ key: staged.key, bytes: staged.size }));
    try {
      if (trx) await this.charge(trx, o, planned);
      else await this.db.transaction().execute((t) => this.charge(t, o, planned));
    } catch (e) {
      for (const staged of items) await staged.discard().catch(() => undefined);
      throw e;
    }
    try {
      const out: StoredFile[] = [];
      for (const staged of items) out.push(await staged.commit());
      return out;
    } catch (e) {
      for (const staged of items) await staged.discard().catch(() => undefined);
      if (!trx) await this.release([o.refId]).catch(() => undefined);
      throw e;
    }
  }

  /** Counts an object that is already stored (an extracted picture saved to the library) against `o`. */
  async record(objects: { key: string; bytes: number }[], o: StoreFor): Promise<void> {
    await this.db.transaction().execute((t) => this.charge(t, o, objects));
  }

  /**
   * The holders are gone: their ledger rows are dropped, and every object of theirs that no other row references is
   * deleted from storage. Call after the holders' rows are deleted (committed).
   */
  async release(refIds: string[]): Promise<void> {
    if (!refIds.length) return;
    const gone = await this.db.deleteFrom('stored_objects').where('ref_id', 'in', refIds).returning('object_key').execute();
    await this.collect([...new Set(gone.map((g) => g.object_key))]);
  }

  /**
   * One object of a holder goes while the holder stays (a file removed from a 查重 check that holds the same bytes twice,
   * an upload the holder refused after it was stored): one of its ledger rows for `key` is dropped, and the object when
   * no row references it any more.
   */
  async releaseOne(refId: string, key: string): Promise<void> {
    await sql`DELETE FROM stored_objects WHERE id = (
      SELECT id FROM stored_objects WHERE ref_id = ${refId} AND object_key = ${key} ORDER BY id DESC LIMIT 1)`.execute(this.db);
    await this.collect([key]);
  }

  /** Deletes the objects among `keys` that no ledger row references. */
  private async collect(keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const held = new Set(
      (await this.db.selectFrom('stored_objects').select('object_key').where('object_key', 'in', keys).execute()).map((r) => r.object_key),
    );
    let deleted = 0;
    for (const key of keys) {
      if (held.has(key)) continue;
      await this.files.delete(key);
      deleted++;
    }
    return deleted;
  }

  /** Deletes stored objects older than `graceMs` that no ledger row references; returns how many. */
  async sweep(graceMs = SWEEP_GRACE_MS, now = Date.now()): Promise<number> {
    if (!this.files.list) return 0;
    let batch: string[] = [];
    let deleted = 0;
    for await (const f of this.files.list()) {
      if (now - f.mtimeMs < graceMs) continue;
      batch.push(f.key);
      if (batch.length >= 500) {
        deleted += await this.collect(batch);
        batch = [];
      }
    }
    return deleted + (await this.collect(batch));
  }

  /** the key the provider gives these bytes */
  keyOf(data: Buffer): string {
    return this.files.keyOf ? this.files.keyOf(data) : createHash('sha256').update(data).digest('hex');
  }

  private async charge(trx: Kysely<DB>, o: StoreFor, objects: { key: string; bytes: number }[]): Promise<void> {
    if (!UNCOUNTED.includes(o.kind)) {
      await sql`SELECT 1 FROM users WHERE id = ${o.userId} FOR UPDATE`.execute(trx);
      const used = await this.usedBytes(o.userId, trx);
      const adding = objects.reduce((n, x) => n + x.bytes, 0);
      if (used + adding > this.quotaBytes) {
        throw badRequest(TEXT.uploadQuotaExceeded(formatBytes(used), formatBytes(this.quotaBytes)), { used, quota: this.quotaBytes });
      }
    }
    if (!objects.length) return;
    await trx
      .insertInto('stored_objects')
      .values(objects.map((x) => ({ tenant_id: o.tenantId, user_id: o.userId, object_key: x.key, bytes: x.bytes, kind: o.kind, ref_id: o.refId })))
      .execute();
  }
}

const SWEEP_EVERY_MS = 6 * 60 * 60_000;

/** The sweep once the server is ready and every six hours after; a failed sweep is logged and tried again next time. */
export function startStorageSweep(fastify: { addHook(name: 'onReady' | 'onClose', fn: () => Promise<void>): unknown }, storage: LedgeredStorage, log: { info(o: object, m: string): void; error(o: object, m: string): void }): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    void storage
      .sweep()
      .then((deleted) => deleted && log.info({ deleted }, 'storage: swept objects no row references'))
      .catch((err: unknown) => log.error({ err }, 'storage: sweep failed'));
  fastify.addHook('onReady', async () => {
    run();
    timer = setInterval(run, SWEEP_EVERY_MS);
    timer.unref();
  });
  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
