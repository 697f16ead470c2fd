export { DATA_DOC_TYPES, findDates, isValidCreditCode, proposalNotes, proposeFields, proposeType, withCreditCheck, type DataDocType, type ProposedFields } from './fields.js';
export { readDataText, sniffDataFile, sniffDataUpload, type DataFileKind } from './read.js';
export {
  DOC_TYPE_RULES,
  EVIDENCE_KINDS,
  docTypesOfText,
  sectionDocTypes,
  matchInputOf,
  assignDocTypes,
  requiredDocTypes,
  bankContent,
  bankImageSrc,
  bankIdsInDoc,
  captionOf,
  withBankFacts,
  BANK_IMAGE_SRC,
  type BankDoc,
  type BankContent,
  type SectionMatchInput,
} from './qualify.js';
