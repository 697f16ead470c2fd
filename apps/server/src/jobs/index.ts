/**
 * Durable background jobs: `enqueue` a row (inside the caller's transaction when it has one), then `ctx.jobs.poke()`;
 * the workers of every server process claim it. The runner knows no domain: each module registers its own job kinds
 * (`app.jobs.register(...)`, e.g. modules/bid/parse-job.ts and modules/bid/writing/job.ts from modules/bid/index.ts).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { JobRunner } from './runner.js';

export { enqueue, cancelJobs, type EnqueueSpec, type JobRow } from './queue.js';
export { queueRowJob, RowProgress, type JobRowTable, type ProgressTable, type ProgressState, type RowProgressOptions } from './progress.js';
export { jobPayload, PAYLOAD_TEXTS, PAYLOAD_VERSION_KEY, type JobPayload, type PayloadOf } from './payload.js';
export { JobRunner, JobLostError, PermanentJobError, type Job, type JobDefinition, type JobRunContext, type RunnerOptions } from './runner.js';

export function createJobRunner(config: Config, db: Database, engine: 'pglite' | 'postgres', log: FastifyBaseLogger): JobRunner {
  return new JobRunner(db, log.child({ module: 'jobs' }), {
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMs,
    heartbeatMs: config.jobHeartbeatMs,
    staleMs: config.jobStaleMs,
    retryBaseMs: config.jobRetryBaseMs,
    exclusiveDatabase: engine === 'pglite',
  });
}

/** Starts the workers once the app is ready (every module has registered its kinds) and stops them when it closes. */
export function startJobsWithApp(fastify: FastifyInstance, jobs: JobRunner): void {
  fastify.addHook('onReady', async () => {
    await jobs.start();
  });
  fastify.addHook('onClose', async () => {
    await jobs.stop();
  });
}
