/**
 * Enterprise teams (issue 27 "Teams"): the enterprise's invitations (to a phone number, or a link whose code anyone who
 * logs in may use until the admin revokes it), who is assigned which section of an enterprise's bid, and the per-bid
 * activity log (who wrote, edited, exported, finished what and when), and who has the bid open (presence). Membership itself stays where it was:
 * `users.enterprise_id` with `is_employee`, and `enterprises.admin_user_id` for the one admin.
 */
export const up = /* sql */ `
CREATE TABLE team_invites (
  id             text PRIMARY KEY,
  tenant_id      text NOT NULL REFERENCES tenants(id),
  enterprise_id  text NOT NULL REFERENCES enterprises(id),
  kind           text NOT NULL CHECK (kind IN ('phone', 'link')),
  phone          text,
  code           text NOT NULL,
  invited_by     text NOT NULL REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  accepted_by    text REFERENCES users(id),
  accepted_at    timestamptz,
  revoked_at     timestamptz,
  CHECK ((kind = 'phone') = (phone IS NOT NULL))
);
CREATE UNIQUE INDEX team_invites_code ON team_invites (tenant_id, code);
CREATE INDEX team_invites_enterprise ON team_invites (tenant_id, enterprise_id, created_at DESC);
CREATE INDEX team_invites_phone ON team_invites (tenant_id, phone) WHERE phone IS NOT NULL AND accepted_at IS NULL AND revoked_at IS NULL;

CREATE TABLE bid_assignees (
  bid_id       text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  node_id      text NOT NULL,
  user_id      text NOT NULL REFERENCES users(id),
  assigned_by  text NOT NULL REFERENCES users(id),
  assigned_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bid_id, node_id)
);
CREATE INDEX bid_assignees_user ON bid_assignees (user_id);

CREATE TABLE bid_activity (
  id          text PRIMARY KEY,
  bid_id      text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES users(id),
  action      text NOT NULL,
  node_id     text,
  detail      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bid_activity_bid ON bid_activity (bid_id, created_at DESC);

-- who has the bid open, and which section: a row per viewer, refreshed while the page is open (stale rows are nobody)
CREATE TABLE bid_presence (
  bid_id   text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  user_id  text NOT NULL REFERENCES users(id),
  node_id  text NOT NULL DEFAULT '',
  seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bid_id, user_id)
);

CREATE INDEX bids_enterprise ON bids (tenant_id, enterprise_id, created_at DESC) WHERE deleted_at IS NULL AND enterprise_id IS NOT NULL;
`;
