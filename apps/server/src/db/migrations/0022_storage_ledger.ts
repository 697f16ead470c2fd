/**
 * The storage ledger (issue 22, finding 6): one row per stored object of every upload path and tool output — who it
 * counts against (tenant, user), the object's key, its bytes, what kind of row holds it and that row's id (`ref_id`).
 * The user's quota is the sum of its rows; deleting a holding row deletes its ledger rows, and an object no ledger row
 * references any more is deleted from storage (at once, or by the sweep). Storage is content-addressed: one object may
 * be counted by several rows (each holder pays for its copy).
 *
 * The 资料库 reading becomes a job (finding 5): `read_state` of a document and the job reading it (`read_job_id`),
 * `read_notice` when the picture was scaled down for OCR. Existing documents were read at upload: `done`.
 */
export const up = /* sql */ `
CREATE TABLE stored_objects (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id   text NOT NULL,
  user_id     text NOT NULL,
  object_key  text NOT NULL,
  bytes       bigint NOT NULL CHECK (bytes >= 0),
  kind        text NOT NULL,
  ref_id      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_objects_user ON stored_objects (user_id);
CREATE INDEX stored_objects_key ON stored_objects (object_key);
CREATE INDEX stored_objects_ref ON stored_objects (ref_id);

ALTER TABLE data_documents ADD COLUMN read_state text NOT NULL DEFAULT 'done' CHECK (read_state IN ('queued', 'running', 'done', 'failed'));
ALTER TABLE data_documents ADD COLUMN read_job_id text;
ALTER TABLE data_documents ADD COLUMN read_notice text;
`;
