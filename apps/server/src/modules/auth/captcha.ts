import { createHash, randomInt } from 'node:crypto';
import type { ImageCaptcha } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/ids.js';
import { secondsFromNow } from '../../lib/time.js';

/**
 * Image captcha asked for once an IP sends too many SMS codes (PRODUCT.md §7). Digits are drawn as jittered stroke
 * paths, never as SVG <text>, so the answer is not readable from the markup.
 */
const SEGMENTS: Record<string, [number, number, number, number]> = {
  a: [0, 0, 10, 0],
  b: [10, 0, 10, 8],
  c: [10, 8, 10, 16],
  d: [0, 16, 10, 16],
  e: [0, 8, 0, 16],
  f: [0, 0, 0, 8],
  g: [0, 8, 10, 8],
};
const DIGITS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};
const jitter = (n: number) => n + (randomInt(0, 31) - 15) / 10;
const answerHash = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer}`).digest('hex');

export function renderCaptchaSvg(answer: string): string {
  const parts: string[] = [];
  const colors = ['#1f5eff', '#c2410c', '#0f8a6e', '#6d28d9', '#334155'];
  [...answer].forEach((ch, i) => {
    const x0 = 14 + i * 26;
    const y0 = 10;
    const rot = randomInt(-18, 19);
    const d = [...(DIGITS[ch] ?? '')]
      .map((s) => {
        const [x1, y1, x2, y2] = SEGMENTS[s]!;
        return `M${jitter(x1 * 1.4)} ${jitter(y1 * 1.4)}L${jitter(x2 * 1.4)} ${jitter(y2 * 1.4)}`;
      })
      .join('');
    parts.push(
      `<path d="${d}" transform="translate(${x0} ${y0}) rotate(${rot} 7 11)" stroke="${colors[randomInt(0, colors.length)]}" stroke-width="2.6" stroke-linecap="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${randomInt(0, 120)} ${randomInt(0, 44)}Q${randomInt(0, 120)} ${randomInt(0, 44)} ${randomInt(0, 120)} ${randomInt(0, 44)}" stroke="#94a3b8" stroke-width="1" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44" viewBox="0 0 120 44"><rect width="120" height="44" fill="#f1f5f9"/>${parts.join('')}</svg>`;
}

export async function createCaptcha(app: AppContext, ip: string): Promise<ImageCaptcha> {
  const id = randomToken(12);
  const answer = Array.from({ length: 4 }, () => String(randomInt(0, 10))).join('');
  await app.db
    .insertInto('captchas')
    .values({ id, answer_hash: answerHash(id, answer), ip, expires_at: secondsFromNow(300) })
    .execute();
  return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(renderCaptchaSvg(answer)).toString('base64')}` };
}

/** One try per captcha: right or wrong, it is used up. */
export async function verifyCaptcha(app: AppContext, id: string, answer: string): Promise<boolean> {
  const row = await app.db
    .updateTable('captchas')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('answer_hash')
    .executeTakeFirst();
  return !!row && row.answer_hash === answerHash(id, answer.trim());
}
