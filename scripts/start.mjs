// npm start: build when the tree has changed since the last build (a fresh clone builds once), then serve.
import path from 'node:path';
import { isBuildFresh, serverDist } from './lib.mjs';
import { buildAll } from './build.mjs';

if (!isBuildFresh()) {
  console.log('首次启动或源码已变更，正在构建（约 1 分钟）…');
  await buildAll();
}
await import(path.join(serverDist, 'main.js'));
