/**
 * Why a tender file failed, as the reader's stable code (issue 10): a file that ended in a decompression bomb, out of
 * memory or out of time is not read again — retry-parse refuses it and a new parse run fails at once with its message.
 */
export const up = /* sql */ `
ALTER TABLE bid_files ADD COLUMN error_code text;
`;
