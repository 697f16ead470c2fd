import type { TenderCard } from '../bid.js';
import type { ScoringCoverage } from '../health.js';

/**
 * The scoring rows the reader could not find (issue 13 item 3), from the card alone — one definition for the health
 * check (bid-engine health/coverage.ts) and the coverage view before any check ran: the table did not add up to its
 * printed total, came to less than 100 points with no total printed (a comprehensive-scoring table comes to 100), or no
 * table was found. Null when the rows are complete.
 */
/** The rows the reader could not find, from the card's check of the table (null when the rows are complete). */
export function unknownScoring(card: Pick<TenderCard, 'scoring' | 'scoringCheck' | 'lots'>): ScoringCoverage['unknown'] {
  const rows = card.scoring ?? [];
  if (!rows.length) return { points: null, reason: '未识别到评分标准表，无法核对评分项，请对照招标文件的评分办法逐项检查' };
  const check = card.scoringCheck;
  const sum = Math.round(rows.reduce((a, r) => a + (r.points ?? 0), 0) * 100) / 100;
  if (check && check.total !== null) {
    if (check.total - check.sum > 0.001) {
      const gap = Math.round((check.total - check.sum) * 100) / 100;
      return { points: gap, reason: `评分表识别不完整：已识别 ${check.sum} 分，招标文件注明总分 ${check.total} 分，约 ${gap} 分的评分项未识别，请对照招标文件核对` };
    }
    if (check.problem) return { points: null, reason: check.problem };
    return null;
  }
  // no printed total: a comprehensive-scoring table comes to 100 points; less means rows were missed
  const withPoints = rows.filter((r) => r.points !== null).length;
  if ((card.lots ?? []).length < 2 && withPoints === rows.length && sum > 0 && sum < 100) {
    const gap = Math.round((100 - sum) * 100) / 100;
    return { points: gap, reason: `评分表识别不完整：已识别的评分项合计 ${sum} 分，不足 100 分，约 ${gap} 分的评分项未识别，请对照招标文件核对` };
  }
  return null;
}

