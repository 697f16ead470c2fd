import { describe, expect, it } from 'vitest';
import { isNonPcDevice, isQqOr360Browser, isWeChatBrowser } from './userAgent';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const QQ = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0 Safari/537.36 Core/1.94 QQBrowser/12.7.5';
const SE360 = 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0 Safari/537.36 QIHU 360SE';

describe('user agents', () => {
  it('detects the WeChat in-app browser', () => {
    expect(isWeChatBrowser(WECHAT)).toBe(true);
    expect(isWeChatBrowser(CHROME)).toBe(false);
  });
  it('detects QQ and 360 browsers', () => {
    expect(isQqOr360Browser(QQ)).toBe(true);
    expect(isQqOr360Browser(SE360)).toBe(true);
    expect(isQqOr360Browser(CHROME)).toBe(false);
  });
  it('detects phones', () => {
    expect(isNonPcDevice(WECHAT)).toBe(true);
    expect(isNonPcDevice(CHROME)).toBe(false);
  });
});
