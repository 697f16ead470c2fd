/** Normal forms of text for comparing (never for showing): each caller picks the one its comparison needs. */

const NON_WORD = /[^\p{L}\p{N}]+/gu;

/** NFKC, lower case, everything but letters and digits removed (spacing and punctuation do not hide a copy). */
export function normalise(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(NON_WORD, '');
}

/** As `normalise`, with one space where the removed characters were: the runs of letters and digits kept apart. */
export function normaliseRuns(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(NON_WORD, ' ');
}

/** NFKC (full-width digits and punctuation to half width), whitespace out. */
export function nfkcCompact(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, '');
}

/** Full-width ASCII (ＡＢＣ１２３（）) to half width, nothing else changed. */
export function halfWidth(s: string): string {
  return s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}
