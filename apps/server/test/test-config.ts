/**
 * The configuration of a server started by tests and benchmarks: a free port on loopback, a private DATA_DIR, a random
 * token secret, and the per-IP SMS limits and the rate limits lifted (every request comes from 127.0.0.1; the tests about
 * those limits lower them again). No vitest here, so benchmarks can use it too.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig, RATE_FAMILIES, type Config, type RateFamily, type RateRule } from '../src/config.js';

/** Every rate-limit family out of reach, except those given (security tests set their own low limits). */
export function rateLimits(some: Partial<Record<RateFamily, RateRule>> = {}): Record<RateFamily, RateRule> {
  return { ...Object.fromEntries(RATE_FAMILIES.map((f) => [f, { max: 1_000_000, windowS: 60 }])), ...some } as Record<RateFamily, RateRule>;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'info',
      tokenSecret: randomBytes(16).toString('hex'),
      smsCaptchaAfter: 100_000,
      smsDailyCapIp: 100_000,
      rateLimits: rateLimits(),
      ...overrides,
    },
  );
}
