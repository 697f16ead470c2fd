/** External programs, confined (issue 22): sandbox, process groups, job folders, and what LibreOffice may not follow. */
export { sandboxMode, confinedArgv, type SandboxMode } from './sandbox.js';
export { runNative, killGroup, killNativeGroups, onNativeGroup, NativeRunError, type NativeRunOptions } from './process.js';
export { makeJobDir, jobRootOf, removeJobRoot, sweepJobDirs } from './dirs.js';
export { stripExternalLinks, type LinkStripReport } from './docx-links.js';
