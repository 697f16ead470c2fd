/**
 * A section's history (issue 27): every text a section held — what the AI writer wrote, what a person saved (saves by
 * the same person that follow one another within a few minutes update one entry: autosave runs every 1.5 s), and each
 * restore of an older entry. Nothing is deleted while the bid lives; deleting the bid deletes its history. Sections that
 * already hold text get one entry with it, so the history starts from what is there.
 */
export const up = /* sql */ `
CREATE TABLE bid_section_history (
  id             text PRIMARY KEY,
  tenant_id      text NOT NULL REFERENCES tenants(id),
  bid_id         text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  node_id        text NOT NULL,
  revision       integer NOT NULL,
  source         text NOT NULL CHECK (source IN ('writer', 'edit', 'restore')),
  user_id        text REFERENCES users(id),
  restored_from  integer,
  doc            jsonb,
  text           text NOT NULL DEFAULT '',
  chars          integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bid_section_history_node ON bid_section_history (bid_id, node_id, updated_at DESC);

INSERT INTO bid_section_history (id, tenant_id, bid_id, node_id, revision, source, user_id, doc, text, chars, created_at, updated_at)
SELECT 'h' || md5(s.bid_id || '/' || s.node_id || '/' || s.revision::text), s.tenant_id, s.bid_id, s.node_id, s.revision,
       CASE WHEN s.state = 'edited' THEN 'edit' ELSE 'writer' END,
       CASE WHEN s.state = 'edited' THEN b.user_id ELSE NULL END,
       s.doc, s.text, s.chars, s.updated_at, s.updated_at
FROM bid_sections s JOIN bids b ON b.id = s.bid_id
WHERE s.revision > 0 AND s.doc IS NOT NULL;
`;
