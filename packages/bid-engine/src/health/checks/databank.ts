/**
 * Findings of the data bank in the content check (issue 14): a certificate the bid uses that has expired, or expires
 * before the tender's deadline (it is no longer valid at the opening), and a qualification the tender requires with no
 * document of its type in the owner's data bank (「资料库缺少：…」). Pure: the documents, which sections use which, and
 * today's date come from the caller.
 */
import type { BidOutlineNode, HealthFinding, TenderCard } from '@btz/shared';
import { requiredDocTypes, type BankDoc } from '../../databank/qualify.js';

export interface DatabankHealthInput {
  /** The owner's saved documents. */
  docs: BankDoc[];
  /** nodeId → the ids of the documents the section uses (its pictures of them; see `usedDocs`). */
  used: Record<string, string[]>;
  /** Today, `YYYY-MM-DD` (Asia/Shanghai). */
  today: string;
  /** nodeId → the document types assigned to the section (assignDocTypes), to name where a missing one belongs. */
  assigned?: Record<string, string[]>;
}

/**
 * The documents a section uses: those whose picture it shows (`ids`, from its document) and those whose certificate
 * number or credit code its text quotes (a table typed or kept after the picture was deleted).
 */
export function usedDocs(docs: readonly BankDoc[], ids: readonly string[], text: string): string[] {
  const out = new Set(ids.filter((id) => docs.some((d) => d.id === id)));
  for (const d of docs) {
    const code = d.creditCode ?? d.number;
    if (code && code.length >= 4 && text.includes(code)) out.add(d.id);
  }
  return [...out];
}

const deadlineDate = (card: TenderCard) => /^\d{4}-\d\d-\d\d/.exec(card.deadline?.value ?? '')?.[0] ?? null;

function flatTitles(outline: readonly BidOutlineNode[], out = new Map<string, string>()): Map<string, string> {
  for (const n of outline) {
    out.set(n.id, n.title);
    if (n.children?.length) flatTitles(n.children, out);
  }
  return out;
}

export function databankFindings(card: TenderCard, outline: readonly BidOutlineNode[], input: DatabankHealthInput): HealthFinding[] {
  const findings: HealthFinding[] = [];
  const titles = flatTitles(outline);
  const deadline = deadlineDate(card);
  const byId = new Map(input.docs.map((d) => [d.id, d]));
  const reported = new Set<string>();
  for (const [nodeId, ids] of Object.entries(input.used)) {
    if (!titles.has(nodeId)) continue;
    for (const id of ids) {
      const d = byId.get(id);
      if (!d?.expiry || reported.has(id)) continue;
      const where = `章节「${titles.get(nodeId)}」使用的`;
      const what = `${d.type === '营业执照' ? '营业执照' : `「${d.name}」`}${d.number ? `（编号 ${d.number}）` : ''}`;
      if (d.expiry < input.today) {
        reported.add(id);
        findings.push({ kind: 'certificate-expiry', severity: 'high', nodeId, refId: id, message: `${where}${what}已于 ${d.expiry} 过期，请在资料库中更新为有效证书后重新插入。` });
      } else if (deadline && d.expiry < deadline) {
        reported.add(id);
        findings.push({
          kind: 'certificate-expiry',
          severity: 'high',
          nodeId,
          refId: id,
          message: `${where}${what}有效期至 ${d.expiry}，早于投标截止时间 ${deadline}，开标时已失效，请尽快办理续期并更新资料库。`,
        });
      }
    }
  }
  const have = new Set(input.docs.map((d) => d.type));
  for (const r of requiredDocTypes(card)) {
    if (have.has(r.type)) continue;
    const nodeId = Object.entries(input.assigned ?? {}).find(([, types]) => types.includes(r.type))?.[0] ?? null;
    const clip = r.text.length > 50 ? `${r.text.slice(0, 50)}…` : r.text;
    findings.push({ kind: 'databank-missing', severity: 'medium', nodeId, message: `资料库缺少：${r.type}（招标要求「${clip}」），请上传到资料库后在本节「从资料库插入」。` });
  }
  return findings;
}
