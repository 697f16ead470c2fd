

export interface DecodedImage {
  type: 'png' | 'jpg';
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes a png/jpeg `data:` URL and reads its pixel size from the header; null when it is neither or unreadable. */
export function decodeDataImage(src: string): DecodedImage | null {
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(src ?? '');
  if (!m) return null;
  const data = Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64');
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('latin1', 12, 16) === 'IHDR') {
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    return width > 0 && height > 0 ? { type: 'png', data, width, height } : null;
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = data.readUInt16BE(i + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) {
        const height = data.readUInt16BE(i + 5);
        const width = data.readUInt16BE(i + 7);
        return width > 0 && height > 0 ? { type: 'jpg', data, width, height } : null;
      }
      i += 2 + len;
    }
  }
  return null;
}

/**
 * The src of a stored image in a section, and its id: a picture-library picture (`/api/btz/picture/file?id=…`) or a
 * data-bank document's picture (`/api/btz/databank/file?id=…`, the qualification chapters' certificates).
 */
export const LIBRARY_IMAGE_SRC = /^\/api\/btz\/(?:picture|databank)\/file\?id=(\d{1,40})$/;
/** A data-bank document's picture: a certificate or contract page, exported at the page's width. */
export const BANK_IMAGE_SRC = /^\/api\/btz\/databank\/file\?id=(\d{1,40})$/;

/**
 * An image of a section: a data URL as it is, or a picture-library URL through `library` (src → data URL, resolved by the
 * caller, which can read the library); null when it is neither or unreadable.
 */
export function resolveImage(src: string, library?: Record<string, string>): DecodedImage | null {
  const own = library && LIBRARY_IMAGE_SRC.test(src ?? '') ? library[src] : undefined;
  return decodeDataImage(own ?? src);
}
