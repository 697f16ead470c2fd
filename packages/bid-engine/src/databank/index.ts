export { DATA_DOC_TYPES, findDates, isValidCreditCode, proposeFields, proposeType, withCreditCheck, type DataDocType, type ProposedFields } from './fields.js';
export { readDataText, sniffDataFile, type DataFileKind } from './read.js';
