/** The repository of past bids (知识库, issue 14): passages by heading and the words the database searches them by. */
export { splitPassages, pagesModel, PASSAGE_MIN, PASSAGE_MAX, type Passage } from './passages.js';
export { segmentWords, queryTerms, tsvectorLiteral, tsqueryLiteral } from './segment.js';
export { sectionQuery } from './query.js';
export { passagesToReuse, rerankPassages, scorePassages, sectionProfile, subjectOf, isFormPassage, bareTitle, bigrams, type SectionProfile, type RankCandidate } from './rank.js';
export { adaptPassage, projectNames, type AdaptedPassage } from './adapt.js';
