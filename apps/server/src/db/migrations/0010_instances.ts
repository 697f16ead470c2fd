/**
 * One row per running server process on this database (modules: instances/registry.ts): who it is, which file storage
 * it writes uploads to, and a heartbeat. A second instance whose uploads the first could not read (a local STORAGE_DIR
 * not declared shared) refuses to start instead of losing files (issue 10, finding 8).
 */
export const up = /* sql */ `
CREATE TABLE server_instances (
  id              text PRIMARY KEY,
  host            text NOT NULL,
  pid             integer NOT NULL,
  storage_kind    text NOT NULL,
  storage_dir     text NOT NULL,
  storage_id      text NOT NULL,
  storage_shared  boolean NOT NULL,
  started_at      timestamptz NOT NULL DEFAULT now(),
  heartbeat_at    timestamptz NOT NULL DEFAULT now()
);
`;
