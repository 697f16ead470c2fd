import { describe, expect, it } from 'vitest';
import { classifyReferrer } from './traffic';

describe('traffic source (spec §3)', () => {
  it('recognises the search engines and their keyword parameters', () => {
    expect(classifyReferrer('https://www.baidu.com/s?wd=%E6%A0%87%E4%B9%A6', 'a.cn')).toEqual({ source: 'baidu', keyword: '标书' });
    expect(classifyReferrer('https://www.so.com/s?q=ai', 'a.cn')).toEqual({ source: '360', keyword: 'ai' });
    expect(classifyReferrer('https://www.google.com.hk/search?q=bid', 'a.cn')).toEqual({ source: 'google', keyword: 'bid' });
    expect(classifyReferrer('https://cn.bing.com/search?q=x', 'a.cn').source).toBe('bing');
    expect(classifyReferrer('https://www.sogou.com/web?query=y', 'a.cn')).toEqual({ source: 'sogou', keyword: 'y' });
    expect(classifyReferrer('https://m.baidu.com/s?word=z', 'a.cn').keyword).toBe('z');
  });
  it('tells direct, own-site, referral and unknown apart', () => {
    expect(classifyReferrer('', 'a.cn').source).toBe('direct');
    expect(classifyReferrer('https://a.cn/home', 'a.cn').source).toBe('direct');
    expect(classifyReferrer('https://news.example.com/x', 'a.cn').source).toBe('referral');
    expect(classifyReferrer('not a url', 'a.cn').source).toBe('unknown');
  });
});
