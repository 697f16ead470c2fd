// npm test: makes sure Chromium, a CJK font, LibreOffice and poppler are there (installs them where it can), builds the web app when it
// is stale, runs every Vitest project, and ends with the plain line CI reads: "N passed, N failed".
// With CI=true (.ci/run sets it) a skipped or todo test counts as failed: a run that tested less must not pass.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { isBuildFresh, root, run } from './lib.mjs';
import { buildAll } from './build.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasCjkFont = () => {
  try {
    return /CJK|Noto Sans SC|WenQuanYi/i.test(execSync('fc-list :lang=zh family', { encoding: 'utf8' }));
  } catch {
    return false;
  }
};

const onPath = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
// What the tests need from the machine: Chromium and a CJK font (browser tests), LibreOffice and poppler (the PDF export
// test converts a bid and reads the printed table of contents back with pdftotext), bubblewrap (both run confined in it;
// without it the product falls back to `unshare -rn` or to stripping links only, and the converter tests still hold).
const needs = [
  { what: `Chromium（${chromium}，或设置 CHROMIUM_PATH）`, pkgs: ['chromium'], ok: () => existsSync(chromium) },
  { what: '中文字体', pkgs: ['fonts-noto-cjk'], ok: hasCjkFont },
  { what: 'LibreOffice（soffice）', pkgs: ['libreoffice-writer-nogui'], ok: () => onPath('soffice') },
  { what: 'poppler-utils（pdftotext）', pkgs: ['poppler-utils'], ok: () => onPath('pdftotext') },
  // the picture workers' native memory cap (workers/resident.ts); without it only their V8 heap is capped
  { what: 'prlimit（util-linux）', pkgs: ['util-linux'], ok: () => onPath('prlimit') },
  { what: 'bubblewrap（bwrap）', pkgs: ['bubblewrap'], ok: () => onPath('bwrap') },
  // the rolling-restart test runs two instances behind the repository's deploy/nginx.conf
  { what: 'nginx（/usr/sbin/nginx）', pkgs: ['nginx-light'], ok: () => existsSync(process.env.NGINX_PATH || '/usr/sbin/nginx') },
];
let missing = needs.filter((n) => !n.ok());
if (missing.length) {
  const advice = `apt-get install -y ${missing.flatMap((n) => n.pkgs).join(' ')}`;
  if (process.getuid?.() === 0) {
    console.log(`› 测试需要 ${missing.map((n) => n.what).join('、')}，正在安装：${advice}`);
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.flatMap((n) => n.pkgs).join(' ')}`, { stdio: 'inherit' });
    } catch {
      /* reported below */
    }
    missing = needs.filter((n) => !n.ok());
  }
  if (missing.length) {
    console.error(`缺少 ${missing.map((n) => n.what).join('、')}。请运行：${advice}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

if (!isBuildFresh()) {
  console.log('› 构建前端与服务端（浏览器测试使用构建产物）…');
  await buildAll({ quiet: true });
}

const outDir = path.join(root, '.test-artifacts');
mkdirSync(outDir, { recursive: true });
const report = path.join(outDir, 'vitest-report.json');
rmSync(report, { force: true });
const args = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', `--reporter=json`, `--outputFile.json=${report}`, ...process.argv.slice(2)];
const ci = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
const started = Date.now();
const code = await run(process.execPath, args);
let passed = 0;
let failed = 0;
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (skipped) {
    const names = (r.testResults ?? []).flatMap((f) =>
      (f.assertionResults ?? [])
        .filter((a) => a.status !== 'passed' && a.status !== 'failed')
        .map((a) => `  - ${path.relative(root, f.name)} › ${a.fullName ?? a.title}`),
    );
    console.log(`\n${ci ? '✗' : '!'} 有 ${skipped} 个测试被跳过${ci ? '，CI=true 时按失败计' : ''}：\n${names.join('\n')}`);
    if (ci) failed += skipped;
  }
} catch {
  failed = Math.max(failed, 1);
}
if (code !== 0 && failed === 0) failed = 1;
console.log(`\n测试用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(code === 0 && failed === 0 ? 0 : 1);
