import { describe, expect, it } from 'vitest';
import { defaultTenantForHost, domainForVariant, inviteCodeFromPath, isAnonymousPath, isKnownRoute, pageTitle, variantForHost } from './index.js';

describe('host → brand (spec §2, §4)', () => {
  it('jw → first variant, bs → second, otherwise default', () => {
    expect(variantForHost('jw.example.com')).toBe('jw');
    expect(variantForHost('www.bs-bid.cn')).toBe('bs');
    expect(variantForHost('localhost:3000')).toBe('default');
    expect(domainForVariant('default')).toBe('btz');
    expect(defaultTenantForHost('jw.localhost')).toBe('389572');
    expect(defaultTenantForHost('bs.localhost')).toBe('592716');
    expect(defaultTenantForHost('127.0.0.1')).toBe('000000');
  });
  it('titles follow the variant template', () => {
    expect(pageTitle('jw', '我的标书')).toContain('我的标书');
    expect(pageTitle('jw', '我的标书')).toContain('金网标书');
    expect(pageTitle('bs')).toContain('标速AI');
  });
  it("a brand's own SEO title is its home title and the site name of every other page", () => {
    expect(pageTitle('default', null, '某某标书｜运营设置')).toBe('某某标书｜运营设置');
    expect(pageTitle('default', '行业动态', '某某标书｜运营设置')).toBe('行业动态 - 某某标书｜运营设置');
    expect(pageTitle('default', '行业动态', '')).toBe(pageTitle('default', '行业动态'));
  });
});

describe('access rule (spec §2)', () => {
  it.each(['/', '/demo', '/home', '/home/business.html', '/activity', '/activity/3.html', '/dynamic/1.html', '/question/2.html', '/more/x', '/help'])(
    'anonymous may reach %s',
    (p) => expect(isAnonymousPath(p)).toBe(true),
  );
  it.each(['/workbench', '/workbench/historyBook', '/user/profile', '/merchantDetail/1.html', '/homework'])('anonymous may not reach %s', (p) =>
    expect(isAnonymousPath(p)).toBe(false),
  );
  it('knows every route of spec §2 and nothing else', () => {
    expect(isKnownRoute('/workbench/tools/BiddingCheck')).toBe(true);
    expect(isKnownRoute('/merchantDetail/12.html')).toBe(true);
    expect(isKnownRoute('/home/abc.html')).toBe(true);
    expect(isKnownRoute('/base/material')).toBe(false);
    expect(isKnownRoute('/nope/nope')).toBe(false);
    expect(inviteCodeFromPath('/ABCD2345')).toBe('ABCD2345');
    expect(inviteCodeFromPath('/a/b')).toBeNull();
  });
});
