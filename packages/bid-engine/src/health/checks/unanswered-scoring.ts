import type { HealthFinding, ScoringCoverage, TenderCard } from '@btz/shared';
import { SCORING_MIN_CHARS } from '../coverage.js';
import { label, type CheckedBid } from './bid.js';

/**
 * Scoring rows the bid does not answer (`unanswered-scoring`): a row is answered by text that responds to it
 * (coverage.ts), price rows aside; a scoring table not fully found is reported too.
 */
export function unansweredScoring(card: TenderCard, bid: CheckedBid, coverage: ScoringCoverage): HealthFinding[] {
  const { flat } = bid;
  const findings: HealthFinding[] = [];
  const byId = new Map(card.scoring.map((x) => [x.id, x]));
  for (const row of coverage.rows) {
    if (row.state === 'answered' || row.state === 'price') continue;
    const s = byId.get(row.scoringId)!;
    const name = `评分项「${s.item}」${s.points !== null ? `（${s.points}分）` : ''}`;
    const first = row.nodeIds.length ? flat.find((f) => f.node.id === row.nodeIds[0])?.node : undefined;
    const where = first ? label(first) : '';
    const missing = row.missing.length ? `，未见「${row.missing.slice(0, 6).join('」「')}」` : '';
    const message =
      row.state === 'unmapped'
        ? `${name}没有对应的章节，请在目录中增加章节并逐条响应评分标准。`
        : row.state === 'unwritten'
          ? `${name}的章节${where}还没有内容，请编写并逐条响应评分标准。`
          : row.state === 'partial'
            ? row.chars < SCORING_MIN_CHARS
              ? `${name}的响应内容偏少（仅 ${row.chars} 字），请在${where}中充实对评分标准各项要点的响应。`
              : `${name}的响应不完整${missing}，请在${where}中逐条响应评分标准的各项要点。`
            : `${name}的响应内容${row.chars < SCORING_MIN_CHARS ? `仅 ${row.chars} 字（少于 ${SCORING_MIN_CHARS} 字）` : '没有提到评分标准的要点'}${missing}，请在${where}中针对评分标准逐条作答。`;
    findings.push({ kind: 'unanswered-scoring', severity: row.state === 'partial' ? 'medium' : 'high', nodeId: first?.id ?? null, refId: s.id, message });
  }
  if (coverage.unknown) {
    findings.push({
      kind: 'unanswered-scoring',
      // points known to be missing cost points; no table at all (e.g. 最低价法) is something to check, not a loss
      severity: coverage.unknown.points !== null ? 'high' : 'medium',
      nodeId: null,
      message: coverage.unknown.reason,
    });
  }
  return findings;
}
