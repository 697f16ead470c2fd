/**
 * The app's single realtime connection (spec §4 "Realtime connection"): opened after login, closed at logout.
 * Other modules listen with `onRealtime(kind, …)` (pay.success, bid.*) or `subscribeTopic(destination, …)`.
 */
import { useSyncExternalStore } from 'react';
import { boot } from '../lib/boot';
import { toast } from '../lib/feedback';
import { queryClient } from '../lib/queryClient';
import { RealtimeClient, type MessageHandler, type RealtimeState, type SubscribeOptions } from './client';
import { setDmCount } from './dm-count';

export type { RealtimeMessage, RealtimeState, MessageHandler, SubscribeOptions } from './client';
export { RealtimeClient } from './client';
export { useDmCount, setDmCount, getDmCount } from './dm-count';

/** What the user store passes (stub-era signature, still accepted). */
export interface RealtimeIdentity {
  token: string;
  userId: string | number;
  clientAuth?: string;
}

export interface RealtimeConnectOptions {
  /** base64 `clientId:clientSecret`; defaults to the server-injected boot data. */
  clientAuth?: string;
  userId?: string | number;
}

const client = new RealtimeClient();

client.on('dm.count', (msg) => {
  const count = (msg.data as { count?: unknown } | null)?.count;
  if (typeof count === 'number') setDmCount(count);
});

// an operator answered the user's feedback (issue 28): say so, and 我的反馈 (客服中心) reads the reply anew
client.on('feedback.replied', () => {
  toast.info('客服已回复您的反馈，可在「客服中心 · 我的反馈」查看', 6);
  void queryClient.invalidateQueries({ queryKey: ['site', 'feedback'] });
});

function defaultClientAuth(): string {
  try {
    return boot().clientAuth;
  } catch {
    return '';
  }
}

/**
 * Opens the connection: `connectRealtime(token, { clientAuth, userId })` or `connectRealtime({ token, userId })`.
 * Calling it again (new login, reload) replaces the previous connection.
 */
export function connectRealtime(identity: RealtimeIdentity | string, options: RealtimeConnectOptions = {}): void {
  const token = typeof identity === 'string' ? identity : identity.token;
  if (!token) return;
  const userId = typeof identity === 'string' ? options.userId : identity.userId ?? options.userId;
  const clientAuth = (typeof identity === 'string' ? undefined : identity.clientAuth) ?? options.clientAuth ?? defaultClientAuth();
  client.connect(token, { clientAuth, userId: userId === '' ? undefined : userId });
}

/** Logout: close the connection, stop retrying, forget the counter. */
export function disconnectRealtime(): void {
  void client.disconnect();
  setDmCount(0);
}

/** Subscribes a destination; kept across reconnects. Returns the unsubscribe function. */
export function subscribeTopic(destination: string, handler: MessageHandler, options?: SubscribeOptions): () => void {
  return client.subscribe(destination, handler, options);
}

/** Listens to one message kind on the user's own queues (pay.success, dm.count, bid.parse, bid.delta …). */
export function onRealtime(kind: string, handler: MessageHandler): () => void {
  return client.on(kind, handler);
}

const getState = (): RealtimeState => client.state;
const subscribeState = (l: () => void) => client.onState(l);

/** 'connected' | 'disconnected', live. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(subscribeState, getState, getState);
}
