import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DbHandle } from '../db/connection.js';
import '../db/schema-instances.js';
import { storageIdentity } from '../providers/storage/index.js';

/**
 * Every server process on a PostgreSQL database registers itself in `server_instances` with the file storage it writes
 * uploads to, and keeps a heartbeat. An upload lives in the storage of the instance that received it; an instance that
 * cannot read it fails the parse ("原始文件已丢失") once the receiving one is gone. So a new instance refuses to start
 * beside a live one unless both use the same storage:
 *  - the same directory: the same `.storage-id` inside it (providers/storage), which also tells apart two local
 *    directories with the same path on different machines or containers;
 *  - and either the same path on the same host (one machine, one directory — also this very instance restarted after
 *    a crash, whose old row is still fresh), or both declared STORAGE_SHARED=true (STORAGE_DIR is a mount every
 *    instance sees). A copied data directory has the same id but is not shared: the declaration is what vouches.
 * With object storage (STORAGE_DRIVER=s3) the identity is endpoint + bucket + prefix and shared by nature: instances
 * naming the same bucket run together without STORAGE_SHARED; one on a bucket and one on a local directory do not.
 *
 * An instance counts as live while its heartbeat (every JOB_HEARTBEAT_MS) is younger than JOB_STALE_MS — the rule that
 * re-queues a dead worker's jobs. A clean stop removes the row; a crash's row ages out. PGlite needs none of this: its
 * data directory lock already allows one process.
 */
export class InstanceConflictError extends Error {}

export interface InstanceRegistration {
  id: string;
  /** stops the heartbeat and removes the row */
  stop(): Promise<void>;
}

/** Any fixed number: serialises registrations, so two instances starting together cannot both miss each other. */
const REGISTER_LOCK = 720_240_610;

interface Row {
  host: string;
  pid: number;
  storage_dir: string;
  storage_id: string;
  storage_shared: boolean;
  age_s: number;
}

function conflictMessage(o: Row, me: { dir: string; id: string; shared: boolean }, waitS: number): string {
  const shared = (yes: boolean) => (yes ? '已声明共享' : '未声明共享');
  const sharedEn = (yes: boolean) => (yes ? 'declared shared' : 'not declared shared');
  const differentDirs = o.storage_id !== me.id && o.storage_shared && me.shared;
  return (
    `无法启动：同一数据库上已有另一个实例在运行（主机 ${o.host}，进程 ${o.pid}，文件目录 ${o.storage_dir}，${shared(o.storage_shared)}，` +
    `${Math.max(0, Math.round(o.age_s))} 秒前仍有心跳），而本实例的文件目录是 ${me.dir}（${shared(me.shared)}；STORAGE_DIR 未设置时为 DATA_DIR/files）。` +
    (differentDirs
      ? '两个实例都设置了 STORAGE_SHARED=true，但看到的并不是同一个目录（目录中的 .storage-id 不同）：请确认 STORAGE_DIR 确实是同一个共享挂载。'
      : '上传的文件保存在收到它的实例的文件目录里，另一个实例读不到；那个实例一停，它收到的文件就无法解析（“原始文件已丢失”）。') +
    '多实例部署请让所有实例使用同一对象存储（STORAGE_DRIVER=s3 及相同的 STORAGE_S3_ENDPOINT、STORAGE_S3_BUCKET、STORAGE_S3_PREFIX），或把 STORAGE_DIR 指向所有实例都挂载的同一共享目录（如 NFS），并在每个实例上设置 STORAGE_SHARED=true。' +
    `若那个实例已经停止，请约 ${waitS} 秒后（JOB_STALE_MS）再启动。\n` +
    `Refusing to start: another instance (host ${o.host}, pid ${o.pid}, storage ${o.storage_dir}, ${sharedEn(o.storage_shared)}) is running on ` +
    `this database, and this instance's storage is ${me.dir} (${sharedEn(me.shared)}). ` +
    (differentDirs
      ? 'Both set STORAGE_SHARED=true but do not see the same directory (different .storage-id): check that STORAGE_DIR is one shared mount. '
      : 'Uploaded files stay in the storage of the instance that received them, which the other cannot read. ') +
    'To run several instances, give them one object storage (STORAGE_DRIVER=s3 with the same STORAGE_S3_ENDPOINT, STORAGE_S3_BUCKET, STORAGE_S3_PREFIX), ' +
    'or point STORAGE_DIR at one directory every instance mounts (e.g. NFS) and set STORAGE_SHARED=true on each. ' +
    `If that instance has stopped, retry in about ${waitS} s (JOB_STALE_MS).`
  );
}

export async function registerInstance(handle: DbHandle, config: Config, log: FastifyBaseLogger): Promise<InstanceRegistration> {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  if (handle.engine !== 'postgres') return { id, stop: async () => undefined };
  const { db } = handle;
  const host = hostname();
  const storage = await storageIdentity(config);
  // a bucket is one place for every instance naming it: shared without STORAGE_SHARED
  const shared = config.storageShared || storage.shared;
  const staleS = config.jobStaleMs / 1000;
  const row = { id, host, pid: process.pid, storage_kind: storage.kind, storage_dir: storage.dir, storage_id: storage.id, storage_shared: shared };

  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${REGISTER_LOCK})`.execute(tx);
    await tx
      .deleteFrom('server_instances')
      .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${staleS})`)
      .execute();
    const live = await tx
      .selectFrom('server_instances')
      .select(['host', 'pid', 'storage_dir', 'storage_id', 'storage_shared', sql<number>`extract(epoch from now() - heartbeat_at)`.as('age_s')])
      .execute();
    const conflict = live
      .map((o) => ({ ...o, age_s: Number(o.age_s) }))
      .find(
        (o) => !(o.storage_id === storage.id && ((o.host === host && o.storage_dir === storage.dir) || (shared && o.storage_shared))),
      );
    if (conflict) {
      const waitS = Math.max(1, Math.ceil(staleS - conflict.age_s));
      throw new InstanceConflictError(conflictMessage(conflict, { dir: storage.dir, id: storage.id, shared }, waitS));
    }
    await tx.insertInto('server_instances').values(row).execute();
  });

  const beat = async () => {
    try {
      // an upsert: a row removed while this process was stalled (aged out) comes back
      await db
        .insertInto('server_instances')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: sql<Date>`now()` }))
        .execute();
    } catch (e) {
      log.warn({ err: e }, '实例心跳写入失败');
    }
  };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= beat().finally(() => (running = undefined));
  }, config.jobHeartbeatMs);
  timer.unref();
  let stopped = false;
  return {
    id,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await running;
      await db.deleteFrom('server_instances').where('id', '=', id).execute();
    },
  };
}
