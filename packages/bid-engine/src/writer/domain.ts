/** The tender's domain lives with the card (the outline needs it too); the writer uses it for its register. */
export { detectDomain, isServiceDomain, DOMAIN_LABELS, type TenderDomain } from '../tender/domain.js';
