/**
 * A local OpenAI-compatible model (openai-server.ts) that answers the tender card's questions as the oracle would
 * (llm-oracle.ts) from the rule reading of one tender file: what the API and browser tests of the model path start when
 * they only need a model that reads the tender right.
 */
import { readDocument } from '../../src/reading/index.js';
import { extractCard, taskIdOf, type TenderFileInput } from '../../src/tender/index.js';
import { oracleAnswer } from './llm-oracle.js';
import { startFakeOpenAi, type FakeOpenAi } from './openai-server.js';

export async function startOracleModel(tender: Buffer): Promise<{ llm: FakeOpenAi; files: TenderFileInput[] }> {
  const read = await readDocument(tender);
  const files: TenderFileInput[] = [{ name: '招标文件.docx', role: 'main', order: 1, pages: read.pages, chapters: read.chapters }];
  const rule = extractCard(files);
  const llm = await startFakeOpenAi({
    tokensPerSecond: Infinity,
    chunkTokens: 50,
    reply: (req) => {
      const id = taskIdOf(req.messages);
      return id ? JSON.stringify(oracleAnswer(id, rule, files)) : '{}';
    },
  });
  return { llm, files };
}
