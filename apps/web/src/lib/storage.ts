/** Storage that never throws (private mode, disabled storage, sandboxed iframes). */
function safe(kind: 'localStorage' | 'sessionStorage') {
  const get = (): Storage | null => {
    try {
      return window[kind];
    } catch {
      return null;
    }
  };
  return {
    get(key: string): string | null {
      try {
        return get()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        get()?.setItem(key, value);
      } catch {
        // storage full or unavailable: the feature degrades, the app keeps working
      }
    },
    remove(key: string): void {
      try {
        get()?.removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

export const local = safe('localStorage');
export const session = safe('sessionStorage');

/** Every key this app keeps in browser storage, in one place. */
export const STORAGE_KEYS = {
  /** localStorage: the brand domain of spec §4 (btz, jw or bs) */
  domain: 'domain',
  /** localStorage: invitation code from `/{inviteCode}`, sent with the next login */
  invitationCode: 'invitation_code',
  /** localStorage: ad-click id from the landing URL, sent as the `msclkid` login header */
  adClickId: 'msclkid',
  /** sessionStorage: the `btz` bypass was verified in this tab */
  bypass: 'btz_bypass',
  /** sessionStorage: traffic-source record of spec §3 */
  trafficSource: 'traffic_source',
  /** sessionStorage: when the version poll last reloaded the page */
  reloadGuard: 'btz_reload_at',
  /** sessionStorage: where to go after the login dialog succeeds */
  afterLogin: 'btz_after_login',
  /** localStorage: the characters of a printed page the user states for length targets in pages */
  charsPerPage: 'btz_chars_per_page',
} as const;
