/**
 * How an external program (LibreOffice, pdftoppm) is confined (issue 22, findings 3 and 8): no network, no view of the
 * filesystem beyond the system's read-only files and its own job folder, its address space capped.
 *
 * - `bwrap` (Debian `bubblewrap`): new network, PID, IPC and UTS namespaces; /usr (and the /lib, /bin links), fonts and
 *   LibreOffice's /etc read-only; a private /tmp, /proc and /dev; the job folder the only writable place and HOME.
 *   `--die-with-parent` kills the sandbox when the worker that started it dies (kill -9 included), and with its own PID
 *   namespace everything inside goes with it.
 * - else `unshare -rn` (util-linux; a user namespace to be allowed to make the network namespace): no network, but the
 *   filesystem as it is.
 * - else nothing: the caller's stripping of external links (docx-links.ts) is the only defence; said once in the log.
 *
 * Memory: `prlimit --as` (RLIMIT_AS) on the outermost command, inherited by everything it starts — the native process's
 * own allocations fail at the cap, which V8's heap flags never bound. Without prlimit, `sh -c 'ulimit -v'` does the same.
 *
 * The mode is found once per process by running `true` the same way (a container may forbid namespaces).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';

export type SandboxMode = 'bwrap' | 'unshare' | 'none';

const which = (names: string[]) => names.find((p) => existsSync(p)) ?? null;
const BWRAP = () => which(['/usr/bin/bwrap', '/usr/local/bin/bwrap']);
const UNSHARE = () => which(['/usr/bin/unshare', '/bin/unshare']);
const PRLIMIT = () => which(['/usr/bin/prlimit', '/bin/prlimit']);

/** Read-only system paths a converter needs (those missing on a machine are skipped: --ro-bind-try). */
const READ_ONLY = ['/usr', '/etc/fonts', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/libreoffice', '/etc/alternatives', '/etc/localtime', '/etc/poppler', '/var/cache/fontconfig'];

function bwrapArgs(dir: string): string[] {
  const args = ['--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent'];
  for (const p of READ_ONLY) args.push('--ro-bind-try', p, p);
  // merged-/usr systems: /lib, /bin… are links into /usr; elsewhere they are real folders, bound read-only too
  for (const [link, target] of [['/lib', 'usr/lib'], ['/lib64', 'usr/lib64'], ['/bin', 'usr/bin'], ['/sbin', 'usr/sbin']] as const) {
    if (isLink(link)) args.push('--symlink', target, link);
    else args.push('--ro-bind-try', link, link);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--bind', dir, dir, '--chdir', dir);
  args.push('--clearenv', '--setenv', 'HOME', dir, '--setenv', 'TMPDIR', dir, '--setenv', 'PATH', '/usr/bin:/bin', '--setenv', 'LANG', 'C.UTF-8');
  return args;
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

let found: SandboxMode | null = null;

/** The strongest confinement this machine allows (probed once per process). */
export function sandboxMode(): SandboxMode {
  if (found) return found;
  const probe = (argv: string[]) => spawnSync(argv[0]!, argv.slice(1), { stdio: 'ignore', timeout: 10_000 }).status === 0;
  const bwrap = BWRAP();
  const unshare = UNSHARE();
  const dir = process.cwd();
  if (bwrap && probe([bwrap, ...bwrapArgs(dir), '/usr/bin/true'])) found = 'bwrap';
  else if (unshare && probe([unshare, '-rn', '/usr/bin/true'])) found = 'unshare';
  else found = 'none';
  return found;
}

/**
 * The argv that runs `cmd args` confined to `dir` with `memoryMb` of address space. `dir` must be an absolute path: it
 * is bound at the same path inside, so the caller's paths hold there too.
 */
export function confinedArgv(cmd: string, args: string[], o: { dir: string; memoryMb: number }): string[] {
  const mode = sandboxMode();
  let argv = [cmd, ...args];
  if (mode === 'bwrap') argv = [BWRAP()!, ...bwrapArgs(o.dir), ...argv];
  else if (mode === 'unshare') argv = [UNSHARE()!, '-rn', ...argv];
  const bytes = Math.max(64, Math.round(o.memoryMb)) * 1024 * 1024;
  const prlimit = PRLIMIT();
  if (prlimit) return [prlimit, `--as=${bytes}`, '--', ...argv];
  return ['/bin/sh', '-c', `ulimit -v ${Math.round(bytes / 1024)} && exec "$@"`, 'sh', ...argv];
}
