/**
 * SQL of the IP record (IP 记录). A user reads only its own rows; the warning reads other accounts' export rows of the
 * same tenant only to count the different bidders exported from an IP the user exported from (their names stay hidden).
 */
import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { FILETOOL_TEXTS, IP_KIND_NAMES, type IpRecordItem, type IpRecordKind, type IpWarning, type Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import type { IpRecordsTable } from '../../db/schema-filetools.js';
import { paginate, type Paging } from '../../db/paging.js';
import { formatTime } from '../../lib/time.js';

type Db = Kysely<DB>;
export interface IpOwner {
  tenantId: string;
  userId: string;
}

export async function insertIpRecord(db: Db, row: Insertable<IpRecordsTable>): Promise<void> {
  await db.insertInto('ip_records').values(row).execute();
}

export async function listIpRecords(db: Db, o: IpOwner, q: Paging & { kind?: IpRecordKind }): Promise<Page<IpRecordItem>> {
  let base = db.selectFrom('ip_records').where('tenant_id', '=', o.tenantId).where('user_id', '=', o.userId) as SelectQueryBuilder<DB, 'ip_records', object>;
  if (q.kind) base = base.where('kind', '=', q.kind);
  return paginate(
    base,
    q,
    (b) => b.select(['id', 'kind', 'ip', 'device', 'detail', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    (r) => ({ id: r.id, kind: r.kind, kindName: IP_KIND_NAMES[r.kind], ip: r.ip, device: r.device, detail: r.detail, createTime: formatTime(r.created_at) }),
  );
}

/** Bidder names compared without spaces and case (「甲公司 」 and 「甲公司」 are one bidder). */
const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * The IPs this user exported bids from where bids of at least two different bidders were exported (by anyone of the
 * tenant), newest first. The user's own bidders are named; other accounts' are counted as 「其他账号的企业」.
 */
export async function ipWarnings(db: Db, o: IpOwner): Promise<IpWarning[]> {
  const { rows } = await sql<{ ip: string; bidder: string; mine: boolean; last: Date }>`
    SELECT s.ip, s.bidder, s.mine, max(s.created_at) AS last
    FROM (
      SELECT r.ip, r.bidder, (r.user_id = ${o.userId}) AS mine, r.created_at
      FROM ip_records r
      WHERE r.tenant_id = ${o.tenantId} AND r.kind = 'export' AND r.bidder IS NOT NULL AND r.bidder <> ''
        AND r.ip IN (SELECT ip FROM ip_records WHERE tenant_id = ${o.tenantId} AND user_id = ${o.userId} AND kind = 'export')
    ) s
    GROUP BY s.ip, s.bidder, s.mine
    LIMIT 5000`.execute(db);
  const byIp = new Map<string, { own: Map<string, string>; others: Set<string>; last: Date }>();
  for (const r of rows) {
    const e = byIp.get(r.ip) ?? { own: new Map(), others: new Set(), last: new Date(0) };
    const key = norm(r.bidder);
    if (r.mine) e.own.set(key, r.bidder);
    else e.others.add(key);
    const last = new Date(r.last);
    if (last > e.last) e.last = last;
    byIp.set(r.ip, e);
  }
  const out: (IpWarning & { at: number })[] = [];
  for (const [ip, e] of byIp) {
    const otherOnly = [...e.others].filter((k) => !e.own.has(k));
    const count = e.own.size + otherOnly.length;
    if (count < 2) continue;
    const bidders = [...e.own.values()];
    if (otherOnly.length) bidders.push(`${FILETOOL_TEXTS.otherBidder}（${otherOnly.length} 家）`);
    out.push({ ip, bidders, lastTime: formatTime(e.last), message: FILETOOL_TEXTS.ipWarning(count), at: e.last.getTime() });
  }
  return out.sort((a, b) => b.at - a.at).map(({ at: _at, ...w }) => w);
}
