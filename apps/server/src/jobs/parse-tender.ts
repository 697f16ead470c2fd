/**
 * Job kind `parse-tender`: one run parses every file of a bid into its card and outline (modules/bid/parse.ts).
 * Payload `{ bidId }`, ref_id = the bid. A newer run for the same bid cancels the older one (enqueueParse).
 */
import type { AppContext } from '../context.js';
import {
  PARSE_KIND,
  describeParseError,
  markParseFailed,
  markParseRetrying,
  runParse,
  type ParseJobPayload,
} from '../modules/bid/parse.js';
import type { JobDefinition } from './runner.js';

export function parseTenderJob(app: AppContext): JobDefinition<ParseJobPayload> {
  return {
    kind: PARSE_KIND,
    run: (job, ctx) => runParse(app, job, ctx),
    onFailed: (job, error) => markParseFailed(app, job, error),
    onRetry: (job) => markParseRetrying(app, job),
    describeError: describeParseError,
  };
}
