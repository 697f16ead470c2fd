/// <reference types="vite/client" />

/** The build id baked in by vite.config.ts (`'dev'` under the dev server). */
declare const __BUILD_ID__: string;

/** des.js (DES-ECB for the spec's payload encryption, api/crypto.ts) ships no types: the part used. */
declare module 'des.js' {
  interface DesCipher {
    update(data: number[]): number[];
    final(): number[];
  }
  export const DES: { create(options: { type: 'encrypt' | 'decrypt'; key: number[]; padding?: boolean }): DesCipher };
}
