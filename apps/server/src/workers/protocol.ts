/** Messages between the server and a task worker (pool.ts / resident.ts ↔ entry.ts). */
export type WorkerTaskName = 'read' | 'export' | 'pictures' | 'databank' | 'bidcheck' | 'filetools' | 'dupcheck-read' | 'dupcheck-compare' | 'picture' | 'repository-read' | 'card';

export type WorkerRequest =
  | { type: 'start'; task: WorkerTaskName; input: unknown }
  /** a piece of the input sent after `start` (export: sections as [nodeId, doc JSON] pairs) */
  | { type: 'feed'; chunk: unknown }
  /** every piece was sent: run */
  | { type: 'end' };

export type WorkerReply =
  | { type: 'progress'; progress: unknown }
  /** an external program's process group started / ended in the worker (the server kills those left when it ends it) */
  | { type: 'native'; event: 'start' | 'end'; pgid: number }
  | { type: 'result'; value: unknown }
  /** documentCode: a DocumentError of the engine, re-created with its code and Chinese message on the server side */
  | { type: 'error'; message: string; documentCode?: string };
