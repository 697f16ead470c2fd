/**
 * The content-health result stored with the bid (issue 13 item 3): the last `BidHealth` (score, findings, facts, coverage
 * by points, the time it was computed) and the basis it was computed on — the sections' count and revisions, the bid's
 * last change and the bidder's name. A read whose basis differs (a section saved or written, the outline or card changed)
 * recomputes and stores it again, so the result shown after a reload is the stored one and never out of date. Its own
 * table, so the bid row every request reads stays small.
 */
export const up = /* sql */ `
CREATE TABLE bid_health (
  bid_id      text PRIMARY KEY REFERENCES bids(id),
  tenant_id   text NOT NULL REFERENCES tenants(id),
  result      jsonb NOT NULL,
  basis       text NOT NULL,
  checked_at  timestamptz NOT NULL DEFAULT now()
);
`;
