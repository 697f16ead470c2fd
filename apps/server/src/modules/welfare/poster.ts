/**
 * The invite poster of the welfare centre's ShareDialog, drawn on the server (nothing fetched at run time): the brand's
 * logo and name in its colour, the invitation, and the user's invite QR with its code. A PNG, so it can be downloaded
 * and sent as is. The logo is the brand's icon (`ecLogo`) when the operator uploaded one, else the brand's mark as the
 * generated default icon draws it (its first character on a rounded square). The QR is drawn module by module from
 * `qrcode`'s matrix, the text in the system's CJK font.
 */
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';

export interface PosterInput {
  brandName: string;
  color: string;
  slogan: string;
  inviterName: string;
  inviteUrl: string;
  inviteCode: string;
  /** the brand's uploaded icon, decoded (brandLogo); none: the brand's mark */
  logo?: Image;
}

/** Decodes an uploaded logo's bytes (checked by the picture workers when it was uploaded); undefined when it cannot be read. */
export async function brandLogo(bytes: Buffer | undefined): Promise<Image | undefined> {
  if (!bytes) return undefined;
  try {
    const img = await loadImage(bytes);
    return img.width > 0 && img.height > 0 ? img : undefined;
  } catch {
    return undefined;
  }
}

export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 900;
const FONT = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif';

function roundRect(g: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

/** The poster as PNG bytes. */
export function drawPoster(p: PosterInput): Buffer {
  const W = POSTER_WIDTH;
  const H = POSTER_HEIGHT;
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  const color = /^#[0-9a-fA-F]{6}$/.test(p.color) ? p.color : '#1f5eff';

  const bg = g.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, color);
  bg.addColorStop(1, '#0b1437');
  g.fillStyle = bg;
  g.fillRect(0, 0, W, H);
  g.strokeStyle = 'rgba(255,255,255,0.10)';
  for (let i = 0; i < 7; i++) {
    g.beginPath();
    g.arc(W - 40, 60, 50 + i * 40, 0, Math.PI * 2);
    g.stroke();
  }

  // the brand: its logo (the uploaded icon, or its mark — the first character) on a rounded square, and its name
  roundRect(g, 48, 48, 64, 64, 14);
  g.fillStyle = '#ffffff';
  g.fill();
  g.textBaseline = 'middle';
  if (p.logo) {
    // contained in the square, inside its rounded corners
    const inner = 52;
    const scale = Math.min(inner / p.logo.width, inner / p.logo.height);
    const w = p.logo.width * scale;
    const h = p.logo.height * scale;
    g.save();
    roundRect(g, 48, 48, 64, 64, 14);
    g.clip();
    g.drawImage(p.logo, 80 - w / 2, 80 - h / 2, w, h);
    g.restore();
  } else {
    g.fillStyle = color;
    g.font = `bold 38px ${FONT}`;
    g.textAlign = 'center';
    g.fillText(p.brandName.slice(0, 1), 80, 82);
  }
  g.textAlign = 'left';
  g.fillStyle = '#ffffff';
  g.font = `bold 34px ${FONT}`;
  g.fillText(p.brandName, 128, 80);

  g.font = `bold 44px ${FONT}`;
  g.fillText('AI 写标书', 48, 190);
  g.fillText('省时更省心', 48, 250);
  g.font = `22px ${FONT}`;
  g.fillStyle = 'rgba(255,255,255,0.85)';
  g.fillText(p.slogan || '上传招标文件，一键生成投标文件', 48, 306, W - 96);

  // the card with the QR
  roundRect(g, 48, 360, W - 96, 480, 20);
  g.fillStyle = '#ffffff';
  g.fill();
  g.fillStyle = '#111827';
  g.font = `bold 26px ${FONT}`;
  g.textAlign = 'center';
  g.fillText(`${p.inviterName} 邀请您注册`, W / 2, 408, W - 140);
  g.font = `20px ${FONT}`;
  g.fillStyle = '#6b7280';
  g.fillText('扫码注册登录，领取新人礼包', W / 2, 446);

  const qr = QRCode.create(p.inviteUrl, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  // whole pixels per module: fractional ones leave hairline gaps between modules
  const cell = Math.floor(280 / (n + quiet * 2));
  const box = cell * (n + quiet * 2);
  const x0 = Math.round((W - box) / 2);
  const y0 = 478;
  g.fillStyle = '#111827';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) g.fillRect(x0 + (c + quiet) * cell, y0 + (r + quiet) * cell, cell, cell);
    }
  }
  g.font = `20px ${FONT}`;
  g.fillStyle = '#374151';
  g.fillText(`邀请码 ${p.inviteCode}`, W / 2, y0 + 280 + 36);
  g.fillStyle = 'rgba(255,255,255,0.8)';
  g.font = `18px ${FONT}`;
  g.fillText(p.inviteUrl, W / 2, H - 30, W - 60);
  return canvas.toBuffer('image/png');
}
