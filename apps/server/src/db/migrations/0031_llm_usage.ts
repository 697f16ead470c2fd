/**
 * The operator console's money side (issue 28): every model call's token usage, one row per call, written where the
 * provider reports it (the LLM provider's usage listener, modules/llm-usage): which tenant, user and bid it served, the
 * model, prompt / completion / cached tokens and whether the figures are the endpoint's own or our estimate. The
 * console's dashboard and LLM usage pages sum these rows; the estimated cost is priced at read time from LLM_PRICES.
 */
export const up = /* sql */ `
CREATE TABLE llm_usage (
  id                 text PRIMARY KEY,
  tenant_id          text REFERENCES tenants(id),
  user_id            text,
  bid_id             text,
  tag                text NOT NULL DEFAULT '',
  model              text NOT NULL,
  prompt_tokens      integer NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
  completion_tokens  integer NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
  cached_tokens      integer NOT NULL DEFAULT 0 CHECK (cached_tokens >= 0),
  estimated          boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_usage_tenant_time ON llm_usage (tenant_id, created_at);
CREATE INDEX llm_usage_bid ON llm_usage (bid_id) WHERE bid_id IS NOT NULL;
`;
