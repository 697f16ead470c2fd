import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/boot', () => ({
  boot: () => ({ clientAuth: 'Y2xpZW50OnNlY3JldA==', tenantId: '000000' }),
}));
vi.mock('../../../lib/token', () => ({ getToken: () => 'tok123' }));
const purchase = vi.fn();
vi.mock('../../../lib/events', () => ({ openPurchase: (d: unknown) => purchase(d) }));

const fetchMock = vi.fn<typeof fetch>();
// the request client's fetch adapter picks up the global fetch when it is first used
vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => fetchMock(...args));
const { streamAiAction } = await import('./api');
const { http } = await import('../../../api/request');
// Node's Request needs an absolute URL (the browser resolves /api against the page)
http.defaults.baseURL = 'http://localhost/api';

function chunked(parts: string[], type: string, status = 200): Response {
  const enc = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < parts.length) c.enqueue(enc.encode(parts[i++]!));
      else c.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': type } });
}

describe('streamAiAction (request client, fetch adapter, streamed body)', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    purchase.mockReset();
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('sends the client headers and streams the text', async () => {
    fetchMock.mockResolvedValue(chunked(['我公司', '将严格', '履行合同'], 'text/plain; charset=utf-8'));
    const seen: string[] = [];
    const text = await streamAiAction('b1', 'n1', { action: 'polish', text: '我们会履行合同' }, (t) => seen.push(t), new AbortController().signal);
    expect(text).toBe('我公司将严格履行合同');
    expect(seen.at(-1)).toBe('我公司将严格履行合同');
    const req = fetchMock.mock.calls[0]![0] as Request;
    expect(req.method).toBe('POST');
    expect(req.url).toContain('/api/btz/bid/section/ai?id=b1&nodeId=n1');
    expect(req.headers.get('Blade-Auth')).toBe('bearer tok123');
    expect(req.headers.get('Authorization')).toBe('Basic Y2xpZW50OnNlY3JldA==');
    expect(req.headers.get('Tenant-Id')).toBe('000000');
    expect(JSON.parse(await req.text())).toEqual({ action: 'polish', text: '我们会履行合同' });
  });

  it('a JSON answer is an error envelope: rejects with its message; 5003 opens the purchase dialog', async () => {
    fetchMock.mockResolvedValue(chunked(['{"code":400,"success":false,"msg":"选中的文字太长"}'], 'application/json'));
    await expect(
      streamAiAction('b1', 'n1', { action: 'expand', text: 'x' }, () => {}, new AbortController().signal),
    ).rejects.toMatchObject({ code: 400, message: '选中的文字太长' });

    fetchMock.mockResolvedValue(chunked(['{"code":5003,"success":false,"msg":"余额不足","data":{"bidType":1}}'], 'application/json'));
    await expect(
      streamAiAction('b1', 'n1', { action: 'expand', text: 'x' }, () => {}, new AbortController().signal),
    ).rejects.toMatchObject({ code: 5003 });
    expect(purchase).toHaveBeenCalledWith({ bidType: 1 });
  });
});
