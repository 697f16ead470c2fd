import { createHash, randomInt } from 'node:crypto';
import type { ImageCaptcha } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/ids.js';
import { secondsFromNow } from '../../lib/time.js';
import { renderCaptchaPng } from './captcha-image.js';
import { insertCaptcha, spendCaptcha } from './repo.js';

/**
 * Image captcha asked for once an IP sends too many SMS codes (PRODUCT.md §7). The answer stays on the server (a hash
 * in `captchas`); the client gets a noisy raster (captcha-image.ts), never markup a script could read.
 */
const answerHash = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer}`).digest('hex');

export async function createCaptcha(app: AppContext, ip: string): Promise<ImageCaptcha> {
  const id = randomToken(12);
  const answer = Array.from({ length: 4 }, () => String(randomInt(0, 10))).join('');
  await insertCaptcha(app.db, { id, answer_hash: answerHash(id, answer), ip, expires_at: secondsFromNow(300) });
  // How tests solve captchas (harness.ts captchaAnswer); loadConfig refuses the hook in production.
  if (app.config.testCaptchaHook && !app.config.production) app.config.testCaptchaHook({ id, answer });
  const png = await renderCaptchaPng(answer);
  return { captchaId: id, image: `data:image/png;base64,${png.toString('base64')}` };
}

/** One try per captcha: right or wrong, it is used up. */
export async function verifyCaptcha(app: AppContext, id: string, answer: string): Promise<boolean> {
  const hash = await spendCaptcha(app.db, id);
  return hash !== undefined && hash === answerHash(id, answer.trim());
}
