/**
 * Carries hub commands to every instance. In-process by default; with Redis, through one pub/sub channel so a
 * publish on instance A reaches a browser connected to instance B (at-most-once, like Redis pub/sub itself).
 *
 * With Redis the publishing instance also receives its own command through its subscription, so commands are
 * only ever applied in the subscription handler: applying them locally as well would deliver twice.
 */
import { Redis } from 'ioredis';
import type { Logger } from './session.js';

export type RelayCommand =
  | { t: 'msg'; dest: string; id: string; body: string }
  | { t: 'closeUser'; userId: string; reason: string }
  | { t: 'closeAuth'; sessionId: string; reason: string }
  /** login sessions ended: every instance forgets them from its verified-session cache (auth/session-cache.ts) */
  | { t: 'authEnded'; sessionId?: string; userId?: string };

export interface Relay {
  send(cmd: RelayCommand): Promise<void>;
  /** Resolves once commands from other instances can be received. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createLocalRelay(apply: (cmd: RelayCommand) => void): Relay {
  return {
    async send(cmd) {
      apply(cmd);
    },
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export interface RedisRelayOptions {
  url: string;
  /** Prefix of the channel name: lets tests (and several deployments on one Redis) stay apart. */
  channelPrefix: string;
  logger: Logger;
  apply(cmd: RelayCommand): void;
}

export function createRedisRelay(opts: RedisRelayOptions): Relay {
  const channel = `${opts.channelPrefix}realtime`;
  // Commands must not queue forever while Redis is down: fail fast and fall back to local delivery.
  // (named, so CLIENT LIST shows which instance connections are there — and the fault tests can wait for them)
  const pub = new Redis(opts.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, connectionName: 'btz-realtime-pub' });
  const sub = new Redis(opts.url, { maxRetriesPerRequest: null, lazyConnect: false, connectionName: 'btz-realtime-sub' });
  let lastWarn = 0;
  const onError = (which: string) => (err: Error) => {
    // ioredis emits an error on every reconnect attempt: log at most every 10 s.
    if (Date.now() - lastWarn < 10_000) return;
    lastWarn = Date.now();
    opts.logger.warn({ err: err.message, which }, 'realtime: redis error');
  };
  pub.on('error', onError('pub'));
  sub.on('error', onError('sub'));

  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let cmd: RelayCommand;
    try {
      cmd = JSON.parse(raw) as RelayCommand;
    } catch {
      opts.logger.warn({ channel }, 'realtime: bad relay payload');
      return;
    }
    opts.apply(cmd);
  });
  // ioredis re-subscribes by itself after a reconnect; this promise covers the first subscription only.
  const subscribed = sub.subscribe(channel).then(() => undefined);
  subscribed.catch((err: unknown) => opts.logger.error({ err }, 'realtime: redis subscribe failed'));

  return {
    async send(cmd) {
      try {
        await pub.publish(channel, JSON.stringify(cmd));
      } catch (err) {
        // Redis is down: at least this instance's own subscribers get it.
        opts.logger.error({ err: (err as Error).message }, 'realtime: redis publish failed, delivering locally only');
        opts.apply(cmd);
      }
    },
    ready: () => subscribed,
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
