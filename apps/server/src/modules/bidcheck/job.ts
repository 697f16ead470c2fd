/**
 * Job kind `bid-check` (issue 15): one 暗标 or 废标 check. An uploaded file is read, (暗标, DOCX/PDF) its format scanned
 * and its findings made in a worker process with the reading limits (workers/index.ts readBidCheckIsolated); a bid
 * written here is read from its sections. The engine (`@btz/bid-engine/bidcheck`) makes the findings; the report is committed inside the job's
 * fence, so a check interrupted by a restart runs again from the start and is stored once. Progress (0–100) is a column,
 * pushed as `bid.check` (jobs/progress.ts); the screen follows the push and polls as a fallback. A file the reader refuses fails at once with its Chinese message; `/btz/bidcheck/retry` runs it again.
 */
import { BID_CHECK_TEXTS, type BidCheckFinding, type BidCheckMessage, type BidCheckReport, type BidCheckSeverity, type PageSettings } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import { anonymousScope, checkAnonymity, writtenUnits, type EditorNode } from '@btz/bid-engine/bidcheck';
import type { AppContext } from '../../context.js';
import { PermanentJobError, RowProgress, type Job, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { readBidCheckIsolated } from '../../workers/index.js';
import { shanghaiToday } from '../enterprise/facts.js';
import { liveBid, sectionDocs } from '../bid/writing/repo.js';
import { settingsOf } from '../bid/writing/settings.js';
import { checkById, storeCheckResult } from './repo.js';
import { CHECK_KIND, CHECK_PAYLOAD, loadBidder } from './service.js';

type Payload = PayloadOf<typeof CHECK_PAYLOAD>;

function counts(findings: BidCheckFinding[]): Record<BidCheckSeverity, number> {
  const c = { high: 0, medium: 0, low: 0 };
  for (const f of findings) c[f.severity]++;
  return c;
}

/** The check's progress on its row and, as realtime `bid.check` on the user's `bid` queue, to its user. */
const progressOf = (app: AppContext, job: Job<Payload>) =>
  new RowProgress<BidCheckMessage>(app, job, {
    table: 'bid_checks',
    rowId: job.payload.checkId,
    notify: { kind: 'bid.check', data: (s) => ({ checkId: job.payload.checkId, ...s }) },
  });

export function bidCheckJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: CHECK_KIND,
    payload: CHECK_PAYLOAD,
    run: async (job, ctx) => {
      const id = job.payload.checkId;
      const row = await checkById(app.db, id);
      if (!row) return;
      const progress = progressOf(app, job);
      await progress.to(5);
      const bid = row.bid_id
        ? await liveBid(app.db, row.bid_id, row.tenant_id)
        : undefined;
      if (row.bid_id && !bid) throw new PermanentJobError(BID_CHECK_TEXTS.bidNotFound);
      const card = bid?.card ?? null;
      const { info, bidder, qualifications } = await loadBidder(app, row.tenant_id, { type: row.owner_type, id: row.owner_id });
      const tenderNames = [card?.purchaser?.value, card?.agency?.value, card?.projectName?.value];
      const notes: string[] = [];
      let report: BidCheckReport;

      if (row.source === 'bid') {
        if (!bid?.outline) throw new PermanentJobError(BID_CHECK_TEXTS.noOutline);
        const titles = new Map<string, string>();
        const walk = (ns: typeof bid.outline) => ns.forEach((n) => (titles.set(n.id, n.title), walk(n.children ?? [])));
        walk(bid.outline);
        const rows = await sectionDocs(app.db, bid.id);
        const scope = anonymousScope(bid.outline).ids;
        const sections = rows.flatMap((r) =>
          r.doc && (!scope || scope.has(r.node_id)) ? [{ nodeId: r.node_id, title: titles.get(r.node_id) ?? r.node_id, doc: r.doc satisfies EditorNode }] : [],
        );
        const { units, marks } = writtenUnits(sections);
        // the export's font and size against the rules: fixed by 一键修复 in the page settings
        const rules = card?.anonymity ?? null;
        const settings = settingsOf(bid.page_settings as Partial<PageSettings> | null, false);
        const extra: Omit<BidCheckFinding, 'id'>[] = [...marks];
        if (rules?.format.font && settings.font && !settings.font.includes(rules.format.font.replace(/_GB2312$/i, ''))) {
          extra.push({ rule: 'font', severity: 'medium', page: null, nodeId: null, message: `导出设置的正文字体为「${settings.font}」，招标文件要求${rules.format.font}`, fix: `导出设置改为${rules.format.font}`, fixable: true });
        }
        if (rules?.format.sizePt && settings.fontSize && settings.fontSize !== rules.format.sizePt) {
          extra.push({ rule: 'size', severity: 'medium', page: null, nodeId: null, message: `导出设置的正文字号为 ${settings.fontSize} 磅，招标文件要求${rules.format.sizeName}（${rules.format.sizePt} 磅）`, fix: `导出设置改为${rules.format.sizeName}`, fixable: true });
        }
        await progress.to(50);
        const findings = checkAnonymity({ rules, units, pageCount: 0, bidder, tenderNames, extra });
        if (!rules?.required) notes.push('招标文件未载明暗标要求，已按暗标通用规则检查（不得出现投标人名称、人员、联系方式，正文不用彩色）');
        notes.push(scope ? '只检查技术部分的章节（商务部分的投标函、授权书等须写明投标人，不在暗标范围内）' : '目录未标明技术部分，已检查全部章节');
        notes.push('在线编写的标书按章节检查；页眉页脚、字体字号以导出设置为准（导出的文件不含页眉，页脚仅为页码）');
        const c = counts(findings);
        report = { kind: 'anonymity', fileName: row.file_name, tenderName: bid.name, pageCount: 0, findings, counts: c, passed: c.high === 0, rules, notes };
      } else {
        const data = await app.storage.get(row.storage_key!);
        const rules = card?.anonymity ?? null;
        if (row.kind !== 'anonymity' && !card) throw new PermanentJobError(BID_CHECK_TEXTS.noCard);
        let got;
        try {
          // read, format scan and the check itself all in the worker (the 废标 check of a 300-page bid is most of a second)
          got = await readBidCheckIsolated(
            app.config,
            {
              data,
              type: row.file_type!,
              format: row.kind === 'anonymity',
              judge:
                row.kind === 'anonymity'
                  ? { kind: 'anonymity', input: { rules, bidder, tenderNames } }
                  : { kind: 'reject', input: { card: card!, bidder: { name: info.name || undefined, qualifications }, today: shanghaiToday() } },
            },
            {
              signal: ctx.signal,
              onProgress: (p) => {
                if (p.stage === 'text') progress.report(Math.min(80, 5 + Math.floor((p.done / Math.max(1, p.total)) * 75)));
              },
            },
          );
          await progress.settled();
        } catch (e) {
          if (e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
          throw e;
        }
        const { meta, judged } = got;
        if (!judged) throw new PermanentJobError(BID_CHECK_TEXTS.noText);
        await progress.to(85);
        if (meta.pagesEstimated) notes.push('该文件没有保存分页信息，页码按字数估算，可能与实际页码略有出入');
        if (judged.kind === 'anonymity') {
          const findings = judged.findings;
          if (!card) notes.push('未选择招标项目，已按暗标通用规则检查（不得出现投标人名称、人员、联系方式，正文不用彩色，不设页眉页脚）');
          else if (!rules?.required) notes.push('所选招标文件未载明暗标要求，已按暗标通用规则检查');
          if (row.file_type === 'pdf') notes.push('PDF 文件的行距与页边距无法可靠识别，请以 Word 原文件核对');
          if (row.file_type === 'doc') notes.push('DOC 格式无法读取字体、颜色、页眉页脚等格式，请另存为 DOCX 后再检查');
          const c = counts(findings);
          report = { kind: 'anonymity', fileName: row.file_name, tenderName: bid?.name ?? null, pageCount: meta.pageCount, findings, counts: c, passed: c.high === 0, rules, notes };
        } else {
          const { findings, health } = judged;
          const c = counts(findings);
          report = {
            kind: 'reject',
            fileName: row.file_name,
            tenderName: bid!.name,
            pageCount: meta.pageCount,
            findings,
            counts: c,
            passed: c.high === 0,
            score: health.score,
            ...(health.capped ? { capped: health.capped } : {}),
            ...(health.coverage ? { coverage: health.coverage } : {}),
            notes,
          };
        }
      }

      await ctx.fence((trx) => storeCheckResult(trx, id, report));
      await progress.done();
    },
    onFailed: (job, error) => progressOf(app, job).failed(error),
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : BID_CHECK_TEXTS.failed),
  };
}
