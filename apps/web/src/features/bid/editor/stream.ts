/**
 * Reads a streamed UTF-8 text body chunk by chunk (characters split across chunks are decoded whole). Calls `onText` with
 * the text so far after every chunk; resolves with the whole text. Stops early (resolving with what arrived) when `signal`
 * aborts.
 */
export async function readTextStream(
  stream: ReadableStream<Uint8Array>,
  onText: (textSoFar: string, chunk: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  const onAbort = () => {
    reader.cancel().catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) break;
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      if (chunk) {
        text += chunk;
        onText(text, chunk);
      }
    }
    const tail = decoder.decode();
    if (tail) {
      text += tail;
      onText(text, tail);
    }
    return text;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}

/** An error envelope `{ code, msg }` from a body's text, or null when it is not one. */
export function parseEnvelope(text: string): { code: number; msg: string; data: unknown } | null {
  try {
    const body = JSON.parse(text) as { code?: unknown; msg?: unknown; data?: unknown } | null;
    if (!body || typeof body !== 'object' || body.code === undefined) return null;
    const code = Number(body.code);
    if (!Number.isFinite(code)) return null;
    return { code, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data ?? null };
  } catch {
    return null;
  }
}
