/**
 * Shared pieces of the qualification tests (API and e2e): the generated tender with a deadline 60 days ahead, three
 * qualification requirements (营业执照, ISO9001, 纳税/社保) and a 资格证明文件 part in its composition.
 */
import type { DataDocDraft } from '@btz/shared';
import { FACTS, TENDER_PAGES, type Block } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import type { TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';

/** The draft once its reading (job `databank-read`) ended, following its state (../wait.ts). */
export async function readDraft(t: TestServer, token: string, id: string): Promise<DataDocDraft> {
  return waitForJob({
    what: `reading of draft ${id}`,
    read: async () => {
      const res = await t.api('/btz/databank/draft', { token, query: { id } });
      if (!res.json.success) throw new Error(res.text);
      return res.json.data as DataDocDraft;
    },
    until: (d) => d.readState === 'done' || d.readState === 'failed',
  });
}

/** A date `n` days from today (Asia/Shanghai), `YYYY-MM-DD`. */
export const dayFromNow = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
export const DEADLINE = dayFromNow(60);
const cnDate = (d: string) => `${Number(d.slice(0, 4))}年${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;

/** The generated tender with a deadline 60 days ahead, qualification requirements and a 资格证明文件 part. */
export function qualificationTender(): Block[][] {
  return TENDER_PAGES.map((blocks) =>
    blocks.flatMap((b): Block[] => {
      if (b.kind === 'p' && b.text === FACTS.deadlineLine) return [{ kind: 'p', text: `投标截止时间：${cnDate(DEADLINE)} 09:30（北京时间）` }];
      if (b.kind === 'h2' && b.text === '四、投标保证金')
        return [
          { kind: 'h2', text: '五、供应商资格要求' },
          { kind: 'p', text: '1. 具有独立承担民事责任的能力，提供有效的营业执照副本；' },
          { kind: 'p', text: '2. 具有有效的ISO9001质量管理体系认证证书；' },
          { kind: 'p', text: '3. 具有依法缴纳税收和社会保障资金的良好记录；' },
          b,
        ];
      if (b.kind === 'p' && b.text === '（四）技术方案') return [b, { kind: 'p', text: '（五）资格证明文件' }];
      return [b];
    }),
  );
}

