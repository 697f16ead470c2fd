import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { InstanceConflictError } from './instances/registry.js';
import { startServer } from './server.js';

async function main() {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  try {
    const server = await startServer(config);
    const log = server.app.fastify.log;
    log.info(
      `标书AI 已启动：http://localhost:${server.port}（数据库：${server.db.engine}，耗时 ${Date.now() - started} ms）`,
    );
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info(`收到 ${signal}，正在停止…`);
      // the drain is bounded by SHUTDOWN_TIMEOUT_S; the rest (jobs handed back, database closed) by this margin
      const force = setTimeout(() => process.exit(1), (config.shutdownTimeoutS + 15) * 1000);
      force.unref();
      await server.shutdown();
      log.info('已停止');
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(75);
    }
    if (e instanceof InstanceConflictError) {
      console.error(e.message);
      process.exit(78);
    }
    console.error('启动失败：', e);
    process.exit(1);
  }
}

void main();
