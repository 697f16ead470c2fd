import { describe, expect, it } from 'vitest';
import type { TenantBranding } from '@btz/shared';
import { brandName } from './brand';

const b = (extra: Partial<TenantBranding> & { name?: string }) => extra as TenantBranding;

describe('brandName', () => {
  it('prefers the server-sent name', () => {
    expect(brandName(b({ name: '金网标书', text: '金网标书——专业' }))).toBe('金网标书');
  });
  it('falls back to the part of the slogan before the dash, then the default', () => {
    expect(brandName(b({ text: '标速AI——更快写好每一份标书' }))).toBe('标速AI');
    expect(brandName(b({ text: '' }))).toBe('标书AI');
  });
});
