import { session, STORAGE_KEYS } from './storage';

export type TrafficSource = 'baidu' | '360' | 'google' | 'bing' | 'sogou' | 'direct' | 'referral' | 'unknown';

/** Spec §3 traffic-source record (session storage). Labels: TRAFFIC_SOURCE_LABEL from @btz/shared. */
export interface TrafficRecord {
  source: TrafficSource;
  keyword: string;
  referrer: string;
  landingPage: string;
  timestamp: number;
}

const ENGINES: [TrafficSource, RegExp][] = [
  ['baidu', /(^|\.)baidu\.com$/i],
  ['360', /(^|\.)(so\.com|360\.cn|haosou\.com)$/i],
  ['google', /(^|\.)google\.[a-z.]+$/i],
  ['bing', /(^|\.)bing\.com$/i],
  ['sogou', /(^|\.)sogou\.com$/i],
];
const KEYWORD_PARAMS = ['wd', 'q', 'query', 'word'];

export function classifyReferrer(referrer: string, ownHost: string): Pick<TrafficRecord, 'source' | 'keyword'> {
  if (!referrer) return { source: 'direct', keyword: '' };
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return { source: 'unknown', keyword: '' };
  }
  const keyword = KEYWORD_PARAMS.map((k) => url.searchParams.get(k)).find((v) => v) ?? '';
  const engine = ENGINES.find(([, re]) => re.test(url.hostname));
  if (engine) return { source: engine[0], keyword };
  if (url.host === ownHost) return { source: 'direct', keyword: '' };
  return { source: 'referral', keyword };
}

/** Recorded once per browser session, on the landing page. */
export function recordTrafficSource(): TrafficRecord {
  const existing = readTrafficSource();
  if (existing) return existing;
  const { source, keyword } = classifyReferrer(document.referrer, window.location.host);
  const record: TrafficRecord = {
    source,
    keyword,
    referrer: document.referrer,
    landingPage: window.location.href,
    timestamp: Date.now(),
  };
  session.set(STORAGE_KEYS.trafficSource, JSON.stringify(record));
  return record;
}

export function readTrafficSource(): TrafficRecord | null {
  const raw = session.get(STORAGE_KEYS.trafficSource);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TrafficRecord;
  } catch {
    return null;
  }
}
