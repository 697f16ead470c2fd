// npm run dev: the server with reload (tsx watch) on :3000 and Vite's dev server on :5173 proxying to it.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const procs = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
