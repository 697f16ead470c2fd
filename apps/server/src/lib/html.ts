/** Escapes text for HTML element content and attribute values. */
export function esc(s: unknown): string {
  return String(s ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A small server-rendered mobile page (QR confirm pages opened on a phone). No scripts: plain forms only; the one inline
 * style sheet carries `nonce`, the nonce of the page's Content-Security-Policy (modules/tenant/mobile-page.ts).
 */
export function mobilePage(opts: { title: string; brand: string; color: string; body: string; nonce: string }): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${esc(opts.title)} - ${esc(opts.brand)}</title>
<style nonce="${esc(opts.nonce)}">
body{margin:0;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f4f6fb;color:#1f2937}
header{background:${esc(opts.color)};color:#fff;padding:18px 20px;font-size:18px;font-weight:600}
main{padding:20px;max-width:480px;margin:0 auto}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 12px}
p{line-height:1.7;color:#4b5563}
label{display:block;margin:14px 0 6px;font-size:14px;color:#374151}
input{width:100%;box-sizing:border-box;font-size:17px;padding:12px;border:1px solid #d1d5db;border-radius:8px}
button{width:100%;margin-top:18px;font-size:17px;padding:13px;border:0;border-radius:8px;background:${esc(opts.color)};color:#fff}
.err{background:#fef2f2;color:#b91c1c;padding:10px 12px;border-radius:8px;margin-bottom:12px}
.ok{font-size:48px;text-align:center;margin:8px 0}
.amount{font-size:32px;font-weight:700;color:#111827;margin:8px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:12px 0}dt{color:#6b7280}dd{margin:0}
</style></head><body><header>${esc(opts.brand)}</header><main><div class="card">${opts.body}</div></main></body></html>`;
}
