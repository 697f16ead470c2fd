/**
 * A job kind's payload contract (issue 26 item 3): a zod schema and a version. The code that queues a job writes its
 * payload through `make` (checked, stamped with the version); the runner reads it back through `read` when it claims the
 * job, before the handler runs: a payload of another version, or one its schema refuses, ends the job as failed with a
 * Chinese message (the kind's onFailed runs as for any failure) instead of a handler crashing on a missing field.
 *
 * A payload stored before kinds had versions carries no stamp: it is version 1. A kind whose payload changes shape
 * takes the next version; its jobs still queued in the old shape then fail with that message rather than run wrongly.
 */
import * as z from 'zod';

/** The key of the version stamp inside a stored payload (no payload field may be named so). */
export const PAYLOAD_VERSION_KEY = '$v';

export interface JobPayload<P> {
  version: number;
  schema: z.ZodType<P>;
  /** the payload to store (throws on a payload its own code built wrong: a bug, not a user's input) */
  make(payload: P): Record<string, unknown>;
  /** the stored payload checked, or the Chinese reason the job cannot run */
  read(stored: unknown): { ok: true; payload: P } | { ok: false; error: string };
}

export const PAYLOAD_TEXTS = {
  badVersion: (found: string, version: number) => `任务数据版本不受支持（第 ${found} 版，本服务只处理第 ${version} 版），任务已停止，请重新发起`,
  badPayload: (where: string) => `任务数据不完整或格式不正确（${where}），任务已停止，请重新发起`,
};

export function jobPayload<P extends Record<string, unknown>>(version: number, schema: z.ZodType<P>): JobPayload<P> {
  return {
    version,
    schema,
    make(payload) {
      const r = schema.safeParse(payload);
      if (!r.success) throw new Error(`job payload does not fit its schema: ${z.prettifyError(r.error)}`);
      return { ...r.data, [PAYLOAD_VERSION_KEY]: version };
    },
    read(stored) {
      const { [PAYLOAD_VERSION_KEY]: found = 1, ...rest } = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
      if (found !== version) return { ok: false, error: PAYLOAD_TEXTS.badVersion(String(found), version) };
      const r = schema.safeParse(rest);
      if (!r.success) {
        const issue = r.error.issues[0]!;
        const where = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join('、') : '整体');
        return { ok: false, error: PAYLOAD_TEXTS.badPayload(where) };
      }
      return { ok: true, payload: r.data };
    },
  };
}

/** The payload type of a kind's contract. */
export type PayloadOf<J> = J extends JobPayload<infer P> ? P : never;
