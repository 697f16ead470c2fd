/**
 * The document model of each tender file (issue 12: blocks with pages, tables with merges, page furniture), stored once
 * when the file is read so later features (writer, page viewer, bid tools) load it instead of reading the file again.
 * Its own table keeps bid_files rows light for listings; the page texts stay in bid_file_pages only (the model holds
 * blocks, not pages).
 */
export const up = /* sql */ `
CREATE TABLE bid_file_models (
  file_id     text PRIMARY KEY REFERENCES bid_files(id),
  model       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
`;
