import JSZip from 'jszip';
import { listZipEntries, readZipEntry } from '../reading/zip.js';

/**
 * docx writes the TOC field's begin, instruction and separate marks into ONE run and its content control without the
 * "Table of Contents" gallery; Word reads that, LibreOffice shows the instruction as text ("TOC \h \o …"). Each mark
 * gets its own run and the control names its gallery, as Word itself writes them.
 *
 * Why a patch of the generated XML rather than the docx API: in docx 9.7.1 `TableOfContents` builds that run itself
 * (`new Run({ children: [begin, new FieldInstruction(…), separate] })`) and its `w:sdtPr` from an alias alone, with no
 * option for either, and the field-character elements are not public, so the API cannot write the split form. Kept in
 * its own file so the patch is easy to drop once docx writes the marks separately (docx.test.ts checks the result).
 * Read with the house's one ZIP reader (reading/zip.ts), written back with jszip, the parts in their order.
 */
export async function splitFieldRuns(buf: Buffer): Promise<Buffer> {
  const entries = listZipEntries(buf);
  const doc = entries.find((e) => e.name === 'word/document.xml');
  if (!doc) return buf;
  const xml = readZipEntry(buf, doc).toString('utf8');
  const fixed = xml
    .replace(
      '<w:sdtPr><w:alias w:val="目录"/></w:sdtPr>',
      '<w:sdtPr><w:alias w:val="目录"/><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr>',
    )
    .replace(
      /<w:r>(<w:rPr>(?:(?!<\/w:rPr>).)*<\/w:rPr>)?(<w:fldChar w:fldCharType="begin"[^>]*\/>)(<w:instrText[^>]*>[^<]*<\/w:instrText>)(<w:fldChar w:fldCharType="separate"[^>]*\/>)<\/w:r>/g,
      (_m, rpr: string | undefined, begin: string, instr: string, sep: string) => {
        const r = (inner: string) => `<w:r>${rpr ?? ''}${inner}</w:r>`;
        return r(begin) + r(instr) + r(sep);
      },
    );
  if (fixed === xml) return buf;
  const zip = new JSZip();
  for (const e of entries) {
    if (e.name.endsWith('/') && e.uncompressedSize === 0) zip.folder(e.name);
    else zip.file(e.name, e === doc ? fixed : readZipEntry(buf, e), { createFolders: false });
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
