import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266/5987), so Chinese names survive every browser. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A download's bytes: made in memory (a report), or a stored file streamed from storage as it is read (`storage.open`,
 * never held whole) with its size for Content-Length.
 */
export type FileBody = { data: Buffer } | { stream: Readable; size?: number };

/** The bytes as the reply's body; a stream with its Content-Length (a download cut short is seen as one). */
export function sendBody(reply: FastifyReply, body: FileBody) {
  if ('data' in body) return reply.send(body.data);
  if (body.size !== undefined) reply.header('content-length', String(body.size));
  return reply.send(body.stream);
}

/** Answers a download: the bytes, their type, the Chinese file name, never cached or sniffed. */
export function sendFile(reply: FastifyReply, file: FileBody & { mime: string; name: string }) {
  reply.header('content-type', file.mime);
  reply.header('content-disposition', contentDisposition(file.name));
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  return sendBody(reply, file);
}
