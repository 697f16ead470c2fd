/**
 * Who may subscribe to what, and where each message kind is delivered (CONVENTIONS.md "Realtime messages").
 *
 * Destinations are keyed by their canonical form `/user/{userId}/…`; the Spring-style short form `/user/notice`
 * (which means "my own notice queue") is mapped to the subscriber's canonical key but echoed back as subscribed.
 */

/** Topics any authenticated user may read. */
export const PUBLIC_TOPICS: ReadonlySet<string> = new Set(['/topic/barrage']);

/** Short Spring-style user destinations, resolved against the subscriber's own id. */
const SHORT_USER_QUEUES: ReadonlySet<string> = new Set(['notice', 'bid']);

/** One path segment: no wildcards, no `..`, nothing that could alias another destination. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Returns the canonical destination key the subscriber is allowed to read, or null when it is forbidden.
 */
export function resolveSubscription(destination: string, userId: string): string | null {
  if (PUBLIC_TOPICS.has(destination)) return destination;
  if (!destination.startsWith('/user/')) return null;
  const segments = destination.slice('/user/'.length).split('/');
  if (!segments.every((s) => SEGMENT.test(s))) return null;
  if (segments.length === 1) {
    const queue = segments[0] as string;
    return SHORT_USER_QUEUES.has(queue) ? userDestination(userId, queue) : null;
  }
  // `/user/{id}/…`: only the subscriber's own id. Compare the whole segment so "12" cannot read "123".
  return segments[0] === userId ? destination : null;
}

/** Canonical per-user destination. */
export function userDestination(userId: string, queue: string): string {
  return `/user/${userId}/${queue}`;
}

/** bid.* (writing progress) goes to the `bid` queue; pay.success, dm.count and anything else to `notice`. */
export function queueForKind(kind: string): 'bid' | 'notice' {
  return kind.startsWith('bid.') ? 'bid' : 'notice';
}

/** Destination a `publish(userId, kind, …)` is delivered to. */
export function destinationForKind(userId: string, kind: string): string {
  return userDestination(userId, queueForKind(kind));
}
