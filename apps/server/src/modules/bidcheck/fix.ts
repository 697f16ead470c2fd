/**
 * 一键修复 of a 暗标 check of a bid written here (issue 15): every section whose text names the bidder, its people, phones,
 * e-mails, address or numbers, or carries a highlight — in the technical part only (anonymousScope) — is saved through the section save path (`saveSection`: the
 * revision it was read at, a new revision, refused while the AI writes it); the export's font and size are set to the
 * tender's when it prescribes them. The check is not re-run here: the screen starts a new one.
 */
import { BID_CHECK_TEXTS, type AnonymityFixResult, type PageSettings } from '@btz/shared';
import { anonymousScope, fixWrittenSection, type EditorNode } from '@btz/bid-engine/bidcheck';
import type { AppContext } from '../../context.js';
import type { AuthInfo } from '../../auth/tokens.js';
import { badRequest } from '../../http/errors.js';
import { bidToChange } from '../bid/access.js';
import { savePageSettings, sectionDocs } from '../bid/writing/repo.js';
import { saveSection } from '../bid/writing/service.js';
import { FONTS, settingsOf } from '../bid/writing/settings.js';
import type { CheckRow } from './repo.js';
import { loadBidder } from './service.js';

export async function applyAnonymityFixes(app: AppContext, auth: AuthInfo, row: CheckRow): Promise<AnonymityFixResult> {
  if (row.kind !== 'anonymity' || row.source !== 'bid' || !row.bid_id) throw badRequest(BID_CHECK_TEXTS.notWritten);
  if (row.state !== 'done') throw badRequest(BID_CHECK_TEXTS.notDone);
  const bid = await bidToChange(app, auth, row.bid_id);
  const { bidder } = await loadBidder(app, row.tenant_id, { type: row.owner_type, id: row.owner_id });
  const rows = await sectionDocs(app.db, bid.id);
  let sections = 0;
  let replacements = 0;
  let colours = 0;
  const scope = anonymousScope(bid.outline ?? []).ids;
  for (const r of rows) {
    if (!r.doc || (scope && !scope.has(r.node_id))) continue;
    const fixed = fixWrittenSection(r.doc satisfies EditorNode, bidder);
    if (!fixed) continue;
    await saveSection(app, bid, r.node_id, { revision: r.revision, doc: fixed.doc as never }, { userId: auth.userId });
    sections++;
    replacements += fixed.replacements;
    colours += fixed.colours;
  }
  // the export's body font and size, as the tender prescribes them
  let settings = false;
  const fmt = bid.card?.anonymity?.format;
  if (fmt && (fmt.font || fmt.sizePt)) {
    const current = settingsOf(bid.page_settings as Partial<PageSettings> | null, bid.invent_facts);
    const face = fmt.font?.replace(/_GB2312$/i, '');
    const font = face && (FONTS as readonly string[]).includes(face) ? face : current.font;
    const fontSize = fmt.sizePt ?? current.fontSize;
    if (font !== current.font || fontSize !== current.fontSize) {
      const { inventFacts: _i, ...stored } = { ...current, font, fontSize };
      await savePageSettings(app.db, bid.id, stored);
      settings = true;
    }
  }
  const n = replacements + colours + (settings ? 1 : 0);
  return { sections, replacements, colours, settings, message: BID_CHECK_TEXTS.fixed(n) };
}
