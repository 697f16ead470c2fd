/**
 * The bid's content-health result, stored (issue 13 item 3; table bid_health, migration 0013). A read answers the stored
 * result while its basis still holds — the sections' count and revisions (every save and every written section bumps a
 * revision), the bid's last change (outline, card, status) and the bidder's name — and otherwise recomputes, stores and
 * answers the new one. So an edit re-runs the check on the next read (the panel reads after every save) and the result
 * survives a reload with the time it was computed. When a writing run ends the check runs at once (job.ts), so a written
 * bid has its result waiting.
 *
 * The basis is taken from the very rows the check reads, so a save racing a check leaves a basis that no longer matches:
 * the next read recomputes. Nothing is locked while the check runs.
 */
import { WRITE_TEXTS, type BidHealth } from '@btz/shared';
import { computeHealth } from '@btz/bid-engine/health';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { formatTime } from '../../../lib/time.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import type { BidRow } from '../repo.js';
import { healthSections, liveBid, sectionRevisions, storedHealth, storeHealth } from './repo.js';
import { bankHealthInput, bankHealthStamp, factsWithBank } from '../../databank/qualify.js';

type HealthBid = Pick<BidRow, 'id' | 'tenant_id' | 'user_id' | 'card' | 'outline' | 'updated_at'>;

function basisOf(bid: HealthBid, rows: readonly { revision: number }[], enterpriseName: string, bank: string): string {
  const revisions = rows.reduce((a, r) => a + r.revision, 0);
  return `${rows.length}:${revisions}:${new Date(bid.updated_at).getTime()}:${enterpriseName}:${bank}`;
}

async function currentBasis(app: AppContext, bid: HealthBid, enterpriseName: string): Promise<string> {
  const bank = await bankHealthStamp(app, bid);
  const { n, revs } = await sectionRevisions(app.db, bid.id);
  return `${n}:${revs}:${new Date(bid.updated_at).getTime()}:${enterpriseName}:${bank}`;
}

/** Computes the health of the bid as it is now and stores it. */
export async function checkHealth(app: AppContext, bid: HealthBid): Promise<BidHealth> {
  if (!bid.card || !bid.outline) throw badRequest(WRITE_TEXTS.noOutline);
  const ent = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
  const bank = await bankHealthStamp(app, bid);
  const rows = await healthSections(app.db, bid.id);
  const sections: Record<string, string> = {};
  for (const r of rows) sections[r.node_id] = r.text;
  // the data bank: certificates the sections show that expire before the deadline, required documents it lacks
  const databank = await bankHealthInput(app, { ...bid, card: bid.card, outline: bid.outline }, rows);
  const report = computeHealth({ card: bid.card, outline: bid.outline, sections, enterprise: { name: ent.name }, databank });
  const now = new Date();
  const health: BidHealth = { ...report, time: formatTime(now) };
  const json = JSON.stringify(health);
  const basis = basisOf(bid, rows, ent.name ?? '', bank);
  await storeHealth(app.db, { bid_id: bid.id, tenant_id: bid.tenant_id, result: json, basis, checked_at: now });
  return health;
}

/** The stored result while it still holds, else a new one (stored). `force` always recomputes. */
export async function bidHealth(app: AppContext, bid: HealthBid, opts: { force?: boolean } = {}): Promise<BidHealth> {
  if (!bid.card || !bid.outline) throw badRequest(WRITE_TEXTS.noOutline);
  if (!opts.force) {
    const stored = await storedHealth(app.db, bid.id);
    if (stored) {
      const ent = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
      if (stored.basis === (await currentBasis(app, bid, ent.name ?? ''))) return stored.result;
    }
  }
  return checkHealth(app, bid);
}

/** After a writing run ended: check the bid at once (failures are logged, never thrown into the job). */
export async function checkHealthAfterWriting(app: AppContext, bidId: string): Promise<void> {
  try {
    const bid = await liveBid(app.db, bidId);
    if (bid?.card && bid.outline) await checkHealth(app, bid);
  } catch (err) {
    app.log.warn({ err, bidId }, 'health check after writing failed');
  }
}
