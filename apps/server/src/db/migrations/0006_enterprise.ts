/**
 * The enterprise facts the AI writer may use (`/workbench/data/EnterpriseInfo`): one profile per owner — a user in the
 * personal role, or its enterprise in the enterprise role (shared by the enterprise's members). `data` holds the
 * validated EnterpriseInfo (without updateTime) as the web client sends it.
 */
export const up = /* sql */ `
CREATE TABLE enterprise_profiles (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  owner_type    text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id      text NOT NULL,
  data          jsonb NOT NULL DEFAULT '{}',
  updated_by    text REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, owner_type, owner_id)
);
`;
