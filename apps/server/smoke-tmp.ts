import { extractCardWithLlmDetailed } from './src/modules/bid/engine/llm-card.js';
import { oracleAnswer } from './src/modules/bid/engine/llm-oracle.js';
import { taskIdOf } from './src/modules/bid/engine/llm-tasks.js';
import { extractCard } from './src/modules/bid/engine/card.js';
import { MAIN_FILE, AMENDMENT_FILE } from './test/bid-engine/fixtures.js';
import type { LlmProvider, ChatRequest } from './src/providers/llm/types.js';
const files = [MAIN_FILE, AMENDMENT_FILE];
const rule = extractCard(files);
const reqs: ChatRequest[] = [];
const llm: LlmProvider = { name: 's', offline: false, model: 's', stats: () => ({ active: 0, queued: 0, limit: 1 }), onUsage: () => () => {},
  async chat(req) { reqs.push(req); const id = taskIdOf(req.messages)!; return { text: JSON.stringify(oracleAnswer(id, rule, files)), finishReason: 'stop', usage: { prompt: 1, completion: 1, cached: 0 }, model: 's', attempts: 1 }; } };
const r = await extractCardWithLlmDetailed(llm, files, {});
console.log(r.tasks.map(t => `${t.task}:${t.ok?'ok':t.code+' '+t.error}:${t.findings}/${t.verified}`).join('\n'));
console.log(JSON.stringify(r.stats));
console.log(JSON.stringify(r.card.terms?.map(t => [t.key, t.text, t.verified])));
console.log(JSON.stringify(r.card.deadline));
console.log(reqs[0]!.messages[0]!.content.slice(0, 1200));
console.log(reqs[0]!.messages[1]!.content);
