/** A short Chinese device label from a User-Agent: system and browser (「Windows · Chrome 120」), 「未知设备」 when empty. */
export function deviceLabel(ua: string): string {
  const s = ua || '';
  if (!s.trim()) return '未知设备';
  let os = '';
  if (/iPhone/i.test(s)) os = 'iPhone';
  else if (/iPad/i.test(s)) os = 'iPad';
  else if (/Android/i.test(s)) os = 'Android';
  else if (/HarmonyOS|OpenHarmony/i.test(s)) os = '鸿蒙';
  else if (/Windows/i.test(s)) os = 'Windows';
  else if (/Mac OS X|Macintosh/i.test(s)) os = 'macOS';
  else if (/CrOS/i.test(s)) os = 'ChromeOS';
  else if (/Linux/i.test(s)) os = 'Linux';
  const pick = (re: RegExp, name: string) => {
    const m = re.exec(s);
    return m ? `${name}${m[1] ? ` ${m[1].split('.')[0]}` : ''}` : null;
  };
  const browser =
    pick(/MicroMessenger\/([\d.]+)/, '微信') ??
    pick(/DingTalk\/([\d.]+)/, '钉钉') ??
    pick(/QQBrowser\/([\d.]+)/, 'QQ浏览器') ??
    pick(/360SE|360EE()/, '360浏览器') ??
    pick(/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge') ??
    pick(/(?:HeadlessChrome)\/([\d.]+)/, 'Chrome（无界面）') ??
    pick(/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome') ??
    pick(/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox') ??
    pick(/Version\/([\d.]+).*Safari/, 'Safari') ??
    (/curl|wget|python|node|undici|axios|okhttp/i.test(s) ? '程序客户端' : null);
  const parts = [os, browser].filter(Boolean);
  return parts.length ? parts.join(' · ') : '其他设备';
}
