import type { FastifyReply } from 'fastify';

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266/5987), so Chinese names survive every browser. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Answers a download: the bytes, their type, the Chinese file name, never cached or sniffed. */
export function sendFile(reply: FastifyReply, file: { data: Buffer; mime: string; name: string }) {
  reply.header('content-type', file.mime);
  reply.header('content-disposition', contentDisposition(file.name));
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  return reply.send(file.data);
}
