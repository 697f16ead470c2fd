/**
 * The image captcha as a raster (issue 10): the answer exists only as pixels. Digits are drawn from our own stroke
 * shapes (no font, so no system font is needed and none can be fingerprinted), each bent, sheared, rotated, scaled and
 * shifted at random, the whole picture waved, crossed by curves of the same colours and widths as the digits and
 * sprinkled with dots; digits overlap their neighbours so they cannot be cut apart by columns.
 */
import { randomInt } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';

type Pt = [number, number];
type Stroke = Pt[];

/** Rendered at twice the size the login dialog shows (120 × 40 CSS pixels), for sharp screens. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const deg = (d: number) => (d * Math.PI) / 180;

function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, n = 18): Stroke {
  return Array.from({ length: n + 1 }, (_, i) => {
    const t = deg(from + ((to - from) * i) / n);
    return [cx + rx * Math.cos(t), cy + ry * Math.sin(t)] as Pt;
  });
}
/** A straight stroke cut into pieces, so the warp can bend it. */
function line(...pts: Pt[]): Stroke {
  const out: Stroke = [pts[0]!];
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!;
    const [x1, y1] = pts[i]!;
    for (let k = 1; k <= 6; k++) out.push([x0 + ((x1 - x0) * k) / 6, y0 + ((y1 - y0) * k) / 6]);
  }
  return out;
}

/** Digits on a 10 × 16 grid (y down). */
const GLYPHS: Record<string, Stroke[]> = {
  '0': [arc(5, 8, 5, 8, 0, 360, 28)],
  '1': [line([1.5, 3.5], [5.5, 0], [5.5, 16])],
  '2': [[...arc(5, 4.5, 4.8, 4.5, 195, 380), ...line([9.5, 6.5], [0, 16], [10, 16]).slice(1)]],
  '3': [arc(5, 4, 4.5, 4, 200, 450), arc(5, 12, 5, 4, 270, 520)],
  '4': [line([7, 16], [7, 0], [0, 11], [10, 11])],
  '5': [[...line([9, 0], [1.2, 0], [0.4, 7.2]), ...arc(4.8, 11, 5, 5, 225, 520).slice(1)]],
  '6': [arc(9, 11, 9, 10, 265, 180), arc(5, 11, 5, 5, 0, 360, 24)],
  '7': [line([0, 0], [10, 0], [3, 16])],
  '8': [arc(5, 4, 4, 4, 0, 360, 22), arc(5, 12, 5, 4, 0, 360, 24)],
  '9': [arc(5, 5, 5, 5, 0, 360, 24), arc(1, 5, 9, 10, 85, 0)],
};

const INK = () => `hsl(${randomInt(0, 360)}, ${randomInt(45, 80)}%, ${randomInt(18, 38)}%)`;

/** A PNG of `answer` (digits). */
export async function renderCaptchaPng(answer: string): Promise<Buffer> {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');

  const bg = g.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, `hsl(${randomInt(0, 360)}, 40%, ${randomInt(88, 95)}%)`);
  bg.addColorStop(1, `hsl(${randomInt(0, 360)}, 40%, ${randomInt(88, 95)}%)`);
  g.fillStyle = bg;
  g.fillRect(0, 0, W, H);
  // speckles under everything
  for (let i = 0; i < 260; i++) {
    g.fillStyle = `hsla(${randomInt(0, 360)}, 50%, ${randomInt(40, 80)}%, ${rnd(0.2, 0.6)})`;
    g.fillRect(rnd(0, W), rnd(0, H), rnd(1, 3), rnd(1, 3));
  }

  // one wave over the whole picture: bends every stroke, digits and noise alike
  const wave = { ax: rnd(2, 4.5), ay: rnd(2.5, 5), lx: rnd(45, 80), ly: rnd(30, 55), px: rnd(0, 6.3), py: rnd(0, 6.3) };
  const warp = ([x, y]: Pt): Pt => [
    x + wave.ax * Math.sin((2 * Math.PI * y) / wave.ly + wave.px) + rnd(-0.7, 0.7),
    y + wave.ay * Math.sin((2 * Math.PI * x) / wave.lx + wave.py) + rnd(-0.7, 0.7),
  ];
  const draw = (pts: Pt[], width: number, color: string) => {
    g.beginPath();
    pts.forEach((p, i) => (i ? g.lineTo(...warp(p)) : g.moveTo(...warp(p))));
    g.lineWidth = width;
    g.strokeStyle = color;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.stroke();
  };

  const slot = (W - 24) / answer.length;
  [...answer].forEach((ch, i) => {
    const h = rnd(40, 50);
    const s = h / 16;
    const sx = s * rnd(0.8, 1.2);
    const rot = deg(rnd(-22, 22));
    const shear = rnd(-0.35, 0.35);
    // random offsets: digits wander in their slot and into the next one
    const cx = 12 + slot * (i + 0.5) + rnd(-7, 7);
    const cy = H / 2 + rnd(-6, 6);
    const color = INK();
    const width = rnd(5, 6.5);
    for (const stroke of GLYPHS[ch] ?? []) {
      const pts = stroke.map(([x, y]): Pt => {
        const lx = (x - 5) * sx + shear * (y - 8) * s;
        const ly = (y - 8) * s;
        return [cx + lx * Math.cos(rot) - ly * Math.sin(rot), cy + lx * Math.sin(rot) + ly * Math.cos(rot)];
      });
      draw(pts, width, color);
    }
  });

  // noise curves across the digits, dark like them (one nearly as thick), so no colour or width filter separates them
  for (let i = 0; i < 4; i++) {
    const pts: Pt[] = [];
    const y0 = rnd(8, H - 8);
    const y1 = rnd(8, H - 8);
    const bend = rnd(-30, 30);
    for (let k = 0; k <= 24; k++) {
      const t = k / 24;
      pts.push([t * W, y0 + (y1 - y0) * t + bend * Math.sin(Math.PI * t)]);
    }
    draw(pts, i === 0 ? rnd(3.5, 4.5) : rnd(1.2, 2.4), INK());
  }
  // short strokes like pieces of digits
  for (let i = 0; i < 3; i++) {
    const x = rnd(0, W);
    const y = rnd(0, H);
    const from = rnd(0, 360);
    draw(arc(x, y, rnd(6, 14), rnd(6, 14), from, from + rnd(40, 110), 8), rnd(2, 3.5), INK());
  }
  for (let i = 0; i < 60; i++) {
    g.fillStyle = INK();
    g.beginPath();
    g.arc(rnd(0, W), rnd(0, H), rnd(0.8, 2.2), 0, Math.PI * 2);
    g.fill();
  }
  return canvas.encode('png');
}
