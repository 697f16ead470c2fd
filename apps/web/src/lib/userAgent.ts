const ua = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** The in-app WeChat browser (spec §2). */
export function isWeChatBrowser(u = ua()): boolean {
  return /MicroMessenger/i.test(u);
}

/** QQ browser and 360 browser: the developer-tools size detector is skipped there (spec §9). */
export function isQqOr360Browser(u = ua()): boolean {
  return /QQBrowser|\bQQ\//i.test(u) || /360SE|360EE|QihooBrowser|QHBrowser|\b360\b/i.test(u);
}

/** Phones and tablets (the devtools library stops after 5 s there, spec §9). */
export function isNonPcDevice(u = ua()): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone|OpenHarmony/i.test(u);
}
