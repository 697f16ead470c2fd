/**
 * Table rulings from a page's operator list (pdfjs 5: `constructPath` carries the paint operator, the path as a
 * Float32Array of DrawOPS codes and points, and its bounding box). Paths are mapped through the current transformation
 * matrix (save/restore/transform, form XObjects) to the text items' coordinate space. A thin filled rectangle is a line;
 * other paths give their horizontal and vertical edges. Clipping paths (`endPath`) and curves are ignored.
 */

export interface HRule {
  y: number;
  x0: number;
  x1: number;
}
export interface VRule {
  x: number;
  y0: number;
  y1: number;
}
export interface Rulings {
  h: HRule[];
  v: VRule[];
}

/** The pdfjs OPS codes this module reads (passed in so this file does not load pdfjs). */
export interface OpCodes {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  endPath: number;
  fill: number;
  eoFill: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
}

/** The page's visible area in PDF units (page.view): rules outside it are not printed. */
export interface PageBox {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const mul = (m: Matrix, n: ArrayLike<number>): Matrix => [
  n[0]! * m[0] + n[1]! * m[2],
  n[0]! * m[1] + n[1]! * m[3],
  n[2]! * m[0] + n[3]! * m[2],
  n[2]! * m[1] + n[3]! * m[3],
  n[4]! * m[0] + n[5]! * m[2] + m[4],
  n[4]! * m[1] + n[5]! * m[3] + m[5],
];

/** A stroke or rectangle thinner than this (points) is a line. */
const THIN = 3;
/** Shorter edges are ignored (tick marks, the short sides of thin rectangles). */
const MIN_LEN = 4;

// DrawOPS (pdfjs 5): moveTo 0, lineTo 1, curveTo 2, quadraticCurveTo 3, closePath 4
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

export function extractRulings(
  ops: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  OPS: OpCodes,
  pageBox: PageBox,
): Rulings {
  const out: Rulings = { h: [], v: [] };
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  const n = ops.fnArray.length;
  for (let i = 0; i < n; i++) {
    const fn = ops.fnArray[i]!;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform) ctm = mul(ctm, ops.argsArray[i] as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = (ops.argsArray[i] as [ArrayLike<number> | null])[0];
      if (m && m.length === 6) ctm = mul(ctm, m);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.constructPath) {
      const [paint, [data]] = ops.argsArray[i] as [number, [ArrayLike<number> | null]];
      if (paint === OPS.endPath || !data) continue;
      addPath(data, ctm, out, pageBox, paint === OPS.fill || paint === OPS.eoFill);
    }
  }
  return out;
}

function addPath(data: ArrayLike<number>, m: Matrix, out: Rulings, pageBox: PageBox, filled: boolean): void {
  // Split into subpaths of straight points; a curve ends the current straight run.
  let pts: number[] = [];
  const flush = (closed: boolean) => {
    if (pts.length >= 4) addSubpath(pts, closed, m, out, pageBox, filled);
    pts = [];
  };
  for (let k = 0; k < data.length; ) {
    const op = data[k]!;
    if (op === MOVE) {
      flush(false);
      pts.push(data[k + 1]!, data[k + 2]!);
      k += 3;
    } else if (op === LINE) {
      pts.push(data[k + 1]!, data[k + 2]!);
      k += 3;
    } else if (op === CURVE) {
      flush(false);
      pts.push(data[k + 5]!, data[k + 6]!);
      k += 7;
    } else if (op === QUAD) {
      flush(false);
      pts.push(data[k + 3]!, data[k + 4]!);
      k += 5;
    } else if (op === CLOSE) {
      const sx = pts[0];
      const sy = pts[1];
      flush(true);
      if (sx !== undefined && sy !== undefined) pts.push(sx, sy);
      k += 1;
    } else break; // unknown code: stop reading this path
  }
  flush(false);
}

function addSubpath(raw: number[], closed: boolean, m: Matrix, out: Rulings, pageBox: PageBox, filled: boolean): void {
  const pts: number[] = [];
  for (let k = 0; k < raw.length; k += 2) {
    const x = raw[k]!;
    const y = raw[k + 1]!;
    pts.push(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < pts.length; k += 2) {
    minX = Math.min(minX, pts[k]!);
    maxX = Math.max(maxX, pts[k]!);
    minY = Math.min(minY, pts[k + 1]!);
    maxY = Math.max(maxY, pts[k + 1]!);
  }
  const w = maxX - minX;
  const h = maxY - minY;
  if (w < THIN && h < THIN) return;
  if (maxX < pageBox.x0 + 1 || minX > pageBox.x0 + pageBox.width - 1 || maxY < pageBox.y0 + 1 || minY > pageBox.y0 + pageBox.height - 1) return;
  if (w < THIN) {
    out.v.push({ x: (minX + maxX) / 2, y0: minY, y1: maxY });
    return;
  }
  if (h < THIN) {
    out.h.push({ y: (minY + maxY) / 2, x0: minX, x1: maxX });
    return;
  }
  // A page-sized background, or a large filled area (a white or tinted block behind the text), is no table border.
  if (w > pageBox.width * 0.95 && h > pageBox.height * 0.9) return;
  if (filled && w > pageBox.width * 0.4 && h > pageBox.height * 0.15) return;
  const count = pts.length / 2;
  const edges = closed ? count : count - 1;
  for (let e = 0; e < edges; e++) {
    const a = e * 2;
    const b = ((e + 1) % count) * 2;
    const x0 = pts[a]!;
    const y0 = pts[a + 1]!;
    const x1 = pts[b]!;
    const y1 = pts[b + 1]!;
    if (Math.abs(y1 - y0) < 0.8 && Math.abs(x1 - x0) >= MIN_LEN) {
      out.h.push({ y: (y0 + y1) / 2, x0: Math.min(x0, x1), x1: Math.max(x0, x1) });
    } else if (Math.abs(x1 - x0) < 0.8 && Math.abs(y1 - y0) >= MIN_LEN) {
      out.v.push({ x: (x0 + x1) / 2, y0: Math.min(y0, y1), y1: Math.max(y0, y1) });
    }
  }
}
