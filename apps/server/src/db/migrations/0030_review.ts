/**
 * Review as RFP teams work (issue 27): a section's review (due date, state 待编写 → 已提交 → 已通过, or 退回 with a
 * comment; an approved section is locked until reopened), comments on a section with the members they mention, each
 * user's 消息 (made by mentions and review moves), and a finished bid's result (中标 / 未中标 / 废标, the result's date and
 * the tender's domain read when it was marked) for the enterprise's win rate.
 */
export const up = /* sql */ `
CREATE TABLE bid_section_reviews (
  bid_id      text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  node_id     text NOT NULL,
  state       text NOT NULL DEFAULT 'todo' CHECK (state IN ('todo', 'submitted', 'approved', 'returned')),
  due_date    date,
  note        text NOT NULL DEFAULT '',
  updated_by  text REFERENCES users(id),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bid_id, node_id)
);

CREATE TABLE bid_comments (
  id          text PRIMARY KEY,
  bid_id      text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  node_id     text NOT NULL,
  user_id     text NOT NULL REFERENCES users(id),
  text        text NOT NULL,
  mentions    jsonb NOT NULL DEFAULT '[]',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bid_comments_node ON bid_comments (bid_id, node_id, created_at);

CREATE TABLE user_messages (
  id          text PRIMARY KEY,
  tenant_id   text NOT NULL REFERENCES tenants(id),
  user_id     text NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('mention', 'submitted', 'returned', 'approved', 'reopened')),
  bid_id      text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  node_id     text NOT NULL DEFAULT '',
  from_user   text NOT NULL REFERENCES users(id),
  text        text NOT NULL DEFAULT '',
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_messages_user ON user_messages (tenant_id, user_id, created_at DESC);
CREATE INDEX user_messages_unread ON user_messages (tenant_id, user_id) WHERE read_at IS NULL;

ALTER TABLE bids ADD COLUMN result text CHECK (result IN ('won', 'lost', 'void'));
ALTER TABLE bids ADD COLUMN result_date date;
ALTER TABLE bids ADD COLUMN result_domain text;
CREATE INDEX bids_result ON bids (tenant_id, enterprise_id, result_date) WHERE result IS NOT NULL AND deleted_at IS NULL;
`;
