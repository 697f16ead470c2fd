/**
 * A brand's own SEO texts, set by an operator in the console (issue 28): `{ title, description, keywords }`, each
 * optional — an empty one falls back to the host variant's built-in text (packages/shared/src/brand.ts SEO). Kept apart
 * from `branding`, which the public tenant-info call hands out field by field.
 */
export const up = /* sql */ `
ALTER TABLE tenants ADD COLUMN seo jsonb NOT NULL DEFAULT '{}';
`;
