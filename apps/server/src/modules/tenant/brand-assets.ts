import QRCode from 'qrcode';
import { esc } from '../../lib/html.js';

/**
 * Original SVG artwork for every brand (spec §3 branding fields) — drawn here so nothing is fetched from outside.
 * Text uses the visitor's system Chinese font stack.
 */
export interface BrandArt {
  name: string;
  mark: string;
  color: string;
  slogan: string;
}

const FONT = `font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif"`;

const markSvg = (b: BrandArt, x: number, y: number, s: number) => `
  <g transform="translate(${x} ${y})">
    <rect width="${s}" height="${s}" rx="${s * 0.22}" fill="${b.color}"/>
    <path d="M${s * 0.24} ${s * 0.3}h${s * 0.52}M${s * 0.24} ${s * 0.5}h${s * 0.52}M${s * 0.24} ${s * 0.7}h${s * 0.32}" stroke="#fff" stroke-opacity=".35" stroke-width="${s * 0.06}" stroke-linecap="round"/>
    <text x="${s / 2}" y="${s * 0.69}" text-anchor="middle" font-size="${s * 0.56}" font-weight="700" fill="#fff" ${FONT}>${esc(b.mark)}</text>
  </g>`;

function logo(b: BrandArt, textColor: string, w = 220, h = 56): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${markSvg(b, 4, 6, 44)}
  <text x="58" y="38" font-size="24" font-weight="700" fill="${textColor}" ${FONT}>${esc(b.name)}</text></svg>`;
}

function banner(b: BrandArt): string {
  const bars = [0.55, 0.8, 0.65, 0.95]
    .map((v, i) => `<rect x="${760 + i * 46}" y="${300 - v * 180}" width="28" height="${v * 180}" rx="6" fill="#fff" fill-opacity="${0.25 + i * 0.15}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.color}"/><stop offset="1" stop-color="#0b1437"/></linearGradient></defs>
  <rect width="1200" height="360" fill="url(#g)"/>
  <g fill="none" stroke="#fff" stroke-opacity=".12">${Array.from({ length: 8 }, (_, i) => `<circle cx="1050" cy="60" r="${40 + i * 36}"/>`).join('')}</g>
  ${markSvg(b, 80, 90, 72)}
  <text x="172" y="140" font-size="44" font-weight="700" fill="#fff" ${FONT}>${esc(b.name)}</text>
  <text x="80" y="220" font-size="26" fill="#fff" fill-opacity=".85" ${FONT}>${esc(b.slogan)}</text>
  <g transform="translate(560 70)"><rect width="150" height="200" rx="10" fill="#fff" fill-opacity=".92"/>
  ${[30, 55, 80, 105, 130, 155].map((y, i) => `<rect x="20" y="${y}" width="${i % 2 ? 80 : 110}" height="8" rx="4" fill="${b.color}" fill-opacity=".5"/>`).join('')}</g>
  ${bars}</svg>`;
}

function avatar(b: BrandArt): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${b.color}" fill-opacity=".15"/>
  <circle cx="48" cy="38" r="16" fill="${b.color}" fill-opacity=".7"/><path d="M18 82c4-16 16-24 30-24s26 8 30 24" fill="${b.color}" fill-opacity=".7"/></svg>`;
}

function poster(b: BrandArt): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 960 540"><rect width="960" height="540" fill="#0f172a"/>
  <rect x="80" y="70" width="800" height="400" rx="16" fill="#fff"/><rect x="80" y="70" width="800" height="44" rx="16" fill="${b.color}"/>
  ${[150, 190, 230, 270, 310, 350].map((y, i) => `<rect x="120" y="${y}" width="${[520, 440, 600, 380, 560, 300][i]}" height="14" rx="7" fill="#cbd5e1"/>`).join('')}
  <circle cx="480" cy="270" r="56" fill="#000" fill-opacity=".55"/><path d="M462 240v60l52-30z" fill="#fff"/>
  <text x="480" y="510" text-anchor="middle" font-size="24" fill="#e2e8f0" ${FONT}>${esc(b.name)} · 三分钟看懂AI写标书</text></svg>`;
}

function group(b: BrandArt): string {
  const people = [0, 1, 2, 3, 4]
    .map((i) => `<g transform="translate(${60 + i * 110} 70)"><circle cx="40" cy="40" r="26" fill="${b.color}" fill-opacity="${0.35 + i * 0.12}"/><path d="M4 130c6-34 22-50 36-50s30 16 36 50z" fill="${b.color}" fill-opacity="${0.35 + i * 0.12}"/></g>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="240" viewBox="0 0 660 240"><rect width="660" height="240" rx="16" fill="#f1f5f9"/>${people}
  <text x="330" y="228" text-anchor="middle" font-size="18" fill="#475569" ${FONT}>${esc(b.name)} 专业投标服务团队</text></svg>`;
}

async function qr(url: string, b: BrandArt, caption: string): Promise<string> {
  const code = await QRCode.toString(url, { type: 'svg', margin: 1, color: { dark: '#111827', light: '#ffffff' } });
  const inner = code.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const vb = /viewBox="0 0 (\d+) (\d+)"/.exec(code);
  const n = Number(vb?.[1] ?? 33);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="228" viewBox="0 0 200 228"><rect width="200" height="228" fill="#fff"/>
  <svg x="10" y="10" width="180" height="180" viewBox="0 0 ${n} ${n}">${inner}</svg>${markSvg(b, 84, 84, 32)}
  <text x="100" y="216" text-anchor="middle" font-size="14" fill="#374151" ${FONT}>${esc(caption)}</text></svg>`;
}

export const BRAND_ASSET_NAMES = [
  'logo-light',
  'logo-dark',
  'banner',
  'work-light',
  'work-dark',
  'mark',
  'avatar',
  'video-poster',
  'wechat',
  'wechat-service',
  'group',
] as const;

export async function renderBrandAsset(name: string, b: BrandArt, supportUrl: string): Promise<string | null> {
  switch (name) {
    case 'logo-light':
      return logo(b, '#ffffff');
    case 'logo-dark':
      return logo(b, '#111827');
    case 'work-light':
      return logo(b, '#ffffff', 180, 56);
    case 'work-dark':
      return logo(b, '#111827', 180, 56);
    case 'mark':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${markSvg(b, 2, 2, 60)}</svg>`;
    case 'banner':
      return banner(b);
    case 'avatar':
      return avatar(b);
    case 'video-poster':
      return poster(b);
    case 'group':
      return group(b);
    case 'wechat':
      return qr(supportUrl, b, '关注公众号，获取投标资讯');
    case 'wechat-service':
      return qr(supportUrl, b, '扫码添加专属客服');
    default:
      return null;
  }
}

const PICTURE_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * The MIME type of a brand picture by its path's extension — a generated default (`/brand/{code}/ec.svg`) or an
 * operator's upload (`/brand-file/{sha256}.png`): what the page's icon link and the web app manifest declare, so a
 * browser does not read an uploaded PNG as SVG. Undefined for a path without a known extension (then none is declared).
 */
export function brandPictureType(path: string | undefined): string | undefined {
  const ext = /\.([a-z]+)$/i.exec(path ?? '')?.[1]?.toLowerCase();
  return ext ? PICTURE_TYPES[ext] : undefined;
}
