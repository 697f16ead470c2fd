/**
 * Job kind `parse-tender`: one run parses every file of a bid into its card and outline (parse.ts).
 * Payload `{ bidId }`, ref_id = the bid. A newer run for the same bid cancels the older one (enqueueParse).
 */
import type { AppContext } from '../../context.js';
import {
  PARSE_KIND,
  PARSE_PAYLOAD,
  describeParseError,
  markParseFailed,
  markParseRetrying,
  runParse,
  type ParseJobPayload,
} from './parse.js';
import type { JobDefinition } from '../../jobs/index.js';

export function parseTenderJob(app: AppContext): JobDefinition<ParseJobPayload> {
  return {
    kind: PARSE_KIND,
    payload: PARSE_PAYLOAD,
    run: (job, ctx) => runParse(app, job, ctx),
    onFailed: (job, error) => markParseFailed(app, job, error),
    onRetry: (job) => markParseRetrying(app, job),
    describeError: describeParseError,
  };
}
