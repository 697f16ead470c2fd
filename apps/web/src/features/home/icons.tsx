import type { ReactNode } from 'react';

/** Small line icons drawn for the home page (no icon font, nothing fetched). */
const P: Record<string, ReactNode> = {
  scan: (
    <>
      <path d="M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />
      <path d="M14 3v5h5" />
      <circle cx="11" cy="14" r="2.6" />
      <path d="m13 16 2.5 2.5" />
    </>
  ),
  outline: (
    <>
      <path d="M4 5h4M4 12h4M4 19h4" />
      <path d="M11 5h9M13 12h7M13 19h7" />
      <path d="M11 5v14" />
    </>
  ),
  edit: (
    <>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
  write: (
    <>
      <path d="M4 6h16M4 10h16M4 14h10M4 18h7" />
      <path d="m16 18 2 2 4-4" />
    </>
  ),
  cloud: (
    <>
      <path d="M7 18h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 9.2 4.5 4.5 0 0 0 7 18z" />
      <path d="M12 11v5m0-5-2 2m2-2 2 2" />
    </>
  ),
  page: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 17h6M12 7v5M10 9l2-2 2 2" />
    </>
  ),
  health: (
    <>
      <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" />
      <path d="M8 11h2l1.2-2 1.6 4 1.2-2h2" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10" width="14" height="10" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14v2" />
    </>
  ),
  word: (
    <>
      <path d="M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />
      <path d="m8 11 1.5 6 2.5-5 2.5 5L16 11" />
    </>
  ),
  upload: (
    <>
      <path d="M12 15V4m0 0-4 4m4-4 4 4" />
      <path d="M5 15v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3" />
    </>
  ),
  spark: (
    <>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4" />
      <path d="m12 8 1.4 2.6L16 12l-2.6 1.4L12 16l-1.4-2.6L8 12l2.6-1.4z" />
    </>
  ),
};

export type IconName = keyof typeof P;

export function Icon({ name, size = 24 }: { name: IconName; size?: number | string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {P[name]}
    </svg>
  );
}
