import { REPORT_TEXTS } from '@btz/shared';
import { type BidDetail } from '../api';
import { isParsing } from '../hooks';

/** Bid states the workspace's parts decide on. */
export type PaneTab = 'card' | 'coverage' | 'files' | 'health' | 'export' | 'activity';

/** A tender with several lots: the user picks the one the bid answers before the card and outline are made. */
export const needsLot = (bid: BidDetail) => bid.parse.state === 'done' && bid.lots.length > 1 && !bid.lot;

/** Why the analysis report cannot be made yet (the server refuses the same cases), or null. */
export function reportBlocked(bid: BidDetail): string | null {
  if (isParsing(bid)) return REPORT_TEXTS.parsing;
  if (bid.parse.state === 'failed') return REPORT_TEXTS.failed;
  return bid.card ? null : REPORT_TEXTS.noCard;
}
