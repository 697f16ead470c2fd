/**
 * The repository's ranking (issue 14): `text_hash`, the MD5 of a passage's text (generated, so every writer gets it),
 * lets a search show one passage of several identical ones (the same past bid uploaded twice, boilerplate copied from
 * bid to bid) before it ranks them.
 */
export const up = /* sql */ `
ALTER TABLE repository_passages ADD COLUMN text_hash text GENERATED ALWAYS AS (md5(text)) STORED;
`;
