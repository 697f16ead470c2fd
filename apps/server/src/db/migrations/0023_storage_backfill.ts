/**
 * Backfill of the storage ledger (0022): every object the existing rows hold, counted against the user who stored it,
 * with the bytes the rows recorded. A picture's thumbnail had no recorded size: it enters at 0 bytes (new thumbnails are
 * counted as they are stored). Soft-deleted bids and files hold nothing: the sweep collects their objects. The holders'
 * ids are those the code releases: the row's id, `{id}:out` for a job's outputs (extraction, file tools), `{checkId}:{key}`
 * for a 查重 file.
 */
export const up = /* sql */ `
INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT f.tenant_id, b.user_id, f.storage_key, f.size, 'tender', f.id, f.created_at
FROM bid_files f JOIN bids b ON b.id = f.bid_id
WHERE f.deleted_at IS NULL AND b.deleted_at IS NULL;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT tenant_id, created_by, storage_key, size, 'picture', id, created_at FROM pictures;
INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT tenant_id, created_by, thumb_key, 0, 'picture', id, created_at FROM pictures;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT tenant_id, user_id, storage_key, size, 'extraction', id, created_at FROM picture_extractions;
INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT e.tenant_id, e.user_id, i->>'key', COALESCE((i->>'size')::bigint, 0), 'extraction', e.id || ':out', e.created_at
FROM picture_extractions e CROSS JOIN LATERAL jsonb_array_elements(e.items) AS i WHERE i->>'key' IS NOT NULL;
INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT e.tenant_id, e.user_id, i->>'thumbKey', 0, 'extraction', e.id || ':out', e.created_at
FROM picture_extractions e CROSS JOIN LATERAL jsonb_array_elements(e.items) AS i WHERE i->>'thumbKey' IS NOT NULL;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT tenant_id, created_by, storage_key, size, 'databank', id, created_at FROM data_documents;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT tenant_id, user_id, storage_key, size, 'repository', id, created_at FROM repository_files;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT d.tenant_id, d.user_id, f->>'key', COALESCE((f->>'size')::bigint, 0), 'dupcheck', d.id || ':' || (f->>'key'), d.created_at
FROM dup_checks d CROSS JOIN LATERAL jsonb_array_elements(d.files) AS f WHERE f->>'key' IS NOT NULL;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT tenant_id, user_id, storage_key, size, 'bidcheck', id, created_at FROM bid_checks WHERE storage_key IS NOT NULL;

INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT r.tenant_id, r.user_id, f->>'key', COALESCE((f->>'size')::bigint, 0), 'filetool', r.id, r.created_at
FROM file_tool_runs r CROSS JOIN LATERAL jsonb_array_elements(r.inputs) AS f WHERE f->>'key' IS NOT NULL;
INSERT INTO stored_objects (tenant_id, user_id, object_key, bytes, kind, ref_id, created_at)
SELECT r.tenant_id, r.user_id, f->>'key', COALESCE((f->>'size')::bigint, 0), 'filetool', r.id || ':out', r.created_at
FROM file_tool_runs r CROSS JOIN LATERAL jsonb_array_elements(r.outputs) AS f WHERE f->>'key' IS NOT NULL;
`;
