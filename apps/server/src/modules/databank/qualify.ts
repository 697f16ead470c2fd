/**
 * Qualification chapters from the data bank (issue 14): the owner's documents in the sections that ask for them — when a
 * section is written (the types assigned to it by the engine's `assignDocTypes`) and on 「从资料库插入」 in the editor —
 * their pictures in the Word export, and the data bank's findings for the content check. The owner is always the bid's
 * owner (its user, or that user's enterprise in the enterprise role), so a bid never shows another owner's documents.
 */
import type { BidOutlineNode, DataDocType, EditorJson, TenderCard } from '@btz/shared';
import { assignDocTypes, bankContent, bankIdsInDoc, matchInputOf, sectionDocTypes, withBankFacts, type BankDoc } from '@btz/bid-engine/databank';
import type { EnterpriseFacts } from '@btz/bid-engine/writer';
import { usedDocs, type DatabankHealthInput } from '@btz/bid-engine/health';
import type { AppContext } from '../../context.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { shanghaiToday } from '../../lib/dates.js';
import { dataDocIdsInBid, dataDocsStamp, findDataDoc, savedDataDocs, type DataDocRow } from './repo.js';
import { ownerOf, type Owner } from '../enterprise/owner.js';

type BidRef = { tenant_id: string; user_id: string };

export const bidDataOwner = (app: AppContext, bid: BidRef): Promise<Owner> => ownerOf(app.db, { tenantId: bid.tenant_id, userId: bid.user_id });

export function toBankDoc(row: DataDocRow): BankDoc {
  return {
    id: row.id,
    type: row.type as DataDocType,
    name: row.name,
    number: row.number,
    creditCode: row.credit_code,
    issuer: row.issuer,
    expiry: row.expiry,
    person: row.person,
    client: row.client,
    year: row.year,
    amount: row.amount_fen == null ? null : Number(row.amount_fen) / 100,
    fileKind: row.file_kind,
    fileName: row.file_name,
  };
}

/**
 * The data-bank blocks a leaf gets when it is written: the documents of the types assigned to it (empty when none —
 * a section that is not a qualification chapter, or an owner without such documents).
 */
export async function bankBlocksForLeaf(app: AppContext, bid: BidRef & { card: TenderCard | null; outline: BidOutlineNode[] | null }, nodeId: string): Promise<EditorJson['content']> {
  if (!bid.card || !bid.outline) return [];
  const types = assignDocTypes(bid.card, bid.outline).get(nodeId);
  if (!types?.length) return [];
  // an expired document is not put in on its own (a renewed one usually sits beside it); 「从资料库插入」 still offers it
  const today = shanghaiToday();
  const rows = (await savedDataDocs(app.db, await bidDataOwner(app, bid), types)).filter((r) => !r.expiry || r.expiry >= today);
  return bankContent(rows.map(toBankDoc), types).blocks as EditorJson['content'];
}

/** The enterprise facts for writing a section of the bid, completed from the bid owner's data bank (withBankFacts). */
export async function factsWithBank(app: AppContext, bid: BidRef, ent: EnterpriseFacts): Promise<EnterpriseFacts> {
  const rows = await savedDataDocs(app.db, await bidDataOwner(app, bid));
  return rows.length ? withBankFacts(ent, rows.map(toBankDoc), shanghaiToday()) : ent;
}

/** Every document of the bid owner's data bank, lapsed ones too: the analysis report's evidence (withBankEvidence). */
export async function bankEvidence(app: AppContext, bid: BidRef): Promise<BankDoc[]> {
  return (await savedDataDocs(app.db, await bidDataOwner(app, bid))).map(toBankDoc);
}

/** The types a section of the bid asks for, on its own (the editor's 「从资料库插入」: no sharing out between sections). */
export function typesOfSection(card: TenderCard, outline: BidOutlineNode[], node: BidOutlineNode, parentTitles: string[]): DataDocType[] {
  return sectionDocTypes(matchInputOf(card, outline, node, parentTitles));
}

export async function sectionMaterial(app: AppContext, owner: Owner, types: DataDocType[], figureStart: number) {
  const rows = await savedDataDocs(app.db, owner, types);
  const content = bankContent(rows.map(toBankDoc), types, figureStart);
  const doc: EditorJson = { type: 'doc', content: content.blocks as EditorJson['content'] };
  return { rows: rows.filter((r) => content.used.includes(r.id)), doc };
}

/** The content check's data-bank input: the owner's documents, which section uses which, today, the types per section. */
export async function bankHealthInput(
  app: AppContext,
  bid: BidRef & { card: TenderCard; outline: BidOutlineNode[] },
  sections: readonly { node_id: string; text: string; doc: unknown }[],
): Promise<DatabankHealthInput> {
  const docs = (await savedDataDocs(app.db, await bidDataOwner(app, bid))).map(toBankDoc);
  const used: Record<string, string[]> = {};
  for (const s of sections) {
    const ids = s.doc ? bankIdsInDoc(typeof s.doc === 'string' ? s.doc : JSON.stringify(s.doc)) : [];
    const u = usedDocs(docs, ids, s.text ?? '');
    if (u.length) used[s.node_id] = u;
  }
  return { docs, used, today: shanghaiToday(), assigned: Object.fromEntries(assignDocTypes(bid.card, bid.outline)) };
}

/** Part of the health result's basis: the data bank's state and today's date (a certificate expires with the calendar). */
export async function bankHealthStamp(app: AppContext, bid: BidRef): Promise<string> {
  return `${await dataDocsStamp(app.db, await bidDataOwner(app, bid))}@${shanghaiToday()}`;
}

export const MAX_EXPORT_BANK_BYTES = 128 * 1024 * 1024;

/**
 * Data-bank pictures in an exported bid (the way `libraryImagesOfBid` hands the picture library's): the bytes of the
 * PNG/JPEG documents the sections show, read from the bid owner's data bank; one that is gone, not a picture, or of
 * another owner is not there, and the export shows 【图片无法导出】 in its place.
 */
export async function bankImagesOfBid(app: AppContext, bid: BidRef & { id: string }): Promise<Record<string, Uint8Array>> {
  const ids = await dataDocIdsInBid(app.db, bid.id);
  if (!ids.length) return {};
  const owner = await bidDataOwner(app, bid);
  const out: Record<string, Uint8Array> = {};
  let total = 0;
  for (const id of ids) {
    const row = await findDataDoc(app.db, owner, id);
    if (!row || row.state !== 'saved' || (row.file_kind !== 'png' && row.file_kind !== 'jpeg')) continue;
    if (total + Number(row.size) > MAX_EXPORT_BANK_BYTES) continue;
    total += Number(row.size);
    try {
      out[`/api/btz/databank/file?id=${id}`] = await app.storage.get(row.storage_key);
    } catch (e) {
      if (!(e instanceof StorageNotFoundError)) throw e;
    }
  }
  return out;
}
