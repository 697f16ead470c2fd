/**
 * A bid as large as the limits allow (issue 10 finding 6): `count` leaves under chapters of ten, each holding
 * `chars` characters in paragraphs of 500, starting with a marker that names it. No vitest here: the bench uses it too.
 */
import { sql, type Kysely } from 'kysely';
import type { BidOutlineNode } from '@btz/shared';
import type { EditorDoc } from '@btz/bid-engine/export';
import type { DB } from '../../src/db/schema.js';

const SENTENCE = '本项目实施过程中，我方将严格按照采购文件要求组织人员、设备与进度，确保质量、安全与工期目标全面实现。';

export interface LargeSection {
  nodeId: string;
  marker: string;
  text: string;
  doc: EditorDoc;
}

export function largeBid(count: number, chars: number): { outline: BidOutlineNode[]; sections: LargeSection[] } {
  const body = SENTENCE.repeat(Math.ceil(chars / SENTENCE.length));
  const node = (id: string, title: string, level: number, children: BidOutlineNode[]): BidOutlineNode =>
    ({ id, title, level, kind: '技术', mode: 'ai', scoringIds: [], children }) as unknown as BidOutlineNode; // the fields export reads
  const outline: BidOutlineNode[] = [];
  const sections: LargeSection[] = [];
  for (let c = 0; c * 10 < count; c++) {
    const kids: BidOutlineNode[] = [];
    for (let s = 0; s < 10 && c * 10 + s < count; s++) {
      const nodeId = `big-${c}-${s}`;
      const marker = `〔第${c * 10 + s + 1}节〕`;
      const text = (marker + body).slice(0, chars);
      const paras: string[] = [];
      for (let i = 0; i < text.length; i += 500) paras.push(text.slice(i, i + 500));
      sections.push({
        nodeId,
        marker,
        text,
        doc: { type: 'doc', content: paras.map((p) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text: p }] })) },
      });
      kids.push(node(nodeId, `技术方案 ${c + 1}.${s + 1}`, 2, []));
    }
    outline.push(node(`big-${c}`, `第${c + 1}章 实施方案`, 1, kids));
  }
  return { outline, sections };
}

/** Gives bid `bidId` the outline and the written sections of largeBid(count, chars), straight into its database. */
export async function seedLargeBid(db: Kysely<DB>, bidId: string, count: number, chars: number): Promise<LargeSection[]> {
  const { outline, sections } = largeBid(count, chars);
  const bid = await db.selectFrom('bids').select(['tenant_id']).where('id', '=', bidId).executeTakeFirstOrThrow();
  await db.updateTable('bids').set({ outline: JSON.stringify(outline), status: 'written' }).where('id', '=', bidId).execute();
  for (let i = 0; i < sections.length; i += 50) {
    await db
      .insertInto('bid_sections')
      .values(
        sections.slice(i, i + 50).map((s) => ({
          bid_id: bidId,
          node_id: s.nodeId,
          tenant_id: bid.tenant_id,
          state: 'written' as const,
          doc: JSON.stringify(s.doc),
          text: s.text,
          chars: s.text.length,
          written_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }
  return sections;
}
