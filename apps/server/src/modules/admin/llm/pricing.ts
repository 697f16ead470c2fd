import type { LlmPrices } from '../../../config.js';

export interface Tokens {
  prompt: number;
  completion: number;
  cached: number;
}

/**
 * Estimated yuan of `t` tokens of `model` from the configured price table (yuan per million tokens; prompt tokens served
 * from the cache at the cached price, the rest at the prompt price); null when the model has no price.
 */
export function costOf(prices: LlmPrices, model: string, t: Tokens): number | null {
  const p = prices[model];
  if (!p) return null;
  const cached = Math.min(t.cached, t.prompt);
  return ((t.prompt - cached) * p.prompt + cached * p.cached + t.completion * p.completion) / 1_000_000;
}

/** Yuan rounded to the fen (display), 4 places kept for sums of small calls. */
export const roundYuan = (v: number) => Math.round(v * 10_000) / 10_000;
