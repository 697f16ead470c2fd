/**
 * PDF export through LibreOffice, where it is installed (PRODUCT.md §5 step 7), with a private profile directory per call
 * (two soffice processes sharing a profile block each other); one conversion at a time in this process, with a time limit.
 * Without LibreOffice `findSoffice()` is null and the call says so in Chinese.
 *
 * Why a macro rather than `--convert-to pdf`: the plain conversion prints the table of contents as the .docx caches it,
 * and those page numbers are the exporter's estimate (it cannot lay pages out) — the PDF's TOC pointed to pages the
 * headings are not on. The macro (TOC_MACRO) opens the file hidden, updates every index twice (the first update may change
 * the TOC's own length and so every page after it), and stores the PDF from that same layout, so the numbers printed in the
 * TOC are LibreOffice's own page numbers of the headings. A fresh profile is initialised first (`--terminate_after_init`:
 * its first start copies the default Basic library over whatever is there), then the macro is written into its Standard
 * library and run as `macro:///Standard.BtzExport.ToPdf(in, out)`; macros of the user's own library need no security
 * setting. Any failure inside the macro terminates LibreOffice without writing the PDF, which rejects here.
 *
 * LibreOffice runs confined like the file tools' conversions (issue 22, ../native): the .docx loses external links and
 * linking fields first, and soffice has no network, sees only its job folder besides the system's files, has
 * SOFFICE_MEMORY_MB of address space and is killed with its whole process group at the time limit.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeJobDir, runNative, stripExternalLinks } from '../native/index.js';

const CANDIDATES = ['/usr/bin/soffice', '/usr/bin/libreoffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'];

/** Address-space cap of LibreOffice (RLIMIT_AS), MB: it maps far more than it touches; a 2-page DOCX needs < 1.5 GB. */
export const SOFFICE_MEMORY_MB = 3072;

export function findSoffice(): string | null {
  const fromEnv = process.env.SOFFICE_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * The Basic module: open hidden, update all indexes (twice), fill the footers' 「共 N 页」, export to PDF, close, quit.
 *
 * 「第 X 页 共 N 页」 per volume is Word's SECTIONPAGES field, which LibreOffice 7 does not know: it keeps the field with its
 * cached result, and docx writes none, so the PDF printed 「共页」. FillSectionPages counts each section's pages from the
 * final layout (the page a section's first paragraph is on, through the next one's) and writes the count into the
 * field's result in that section's footer (each docx section is a page style of its own after import). A failure there
 * leaves the footers as they were rather than failing the PDF.
 */
export const TOC_MACRO = `Sub ToPdf(inUrl As String, outUrl As String)
  On Error GoTo Done
  Dim load(0) As New com.sun.star.beans.PropertyValue
  load(0).Name = "Hidden"
  load(0).Value = True
  oDoc = StarDesktop.loadComponentFromURL(inUrl, "_blank", 0, load())
  oIndexes = oDoc.getDocumentIndexes()
  For pass = 1 To 2
    For i = 0 To oIndexes.getCount() - 1
      oIndexes.getByIndex(i).update()
    Next i
  Next pass
  FillSectionPages(oDoc)
  Dim pdf(0) As New com.sun.star.beans.PropertyValue
  pdf(0).Name = "FilterName"
  pdf(0).Value = "writer_pdf_Export"
  oDoc.storeToURL(outUrl, pdf())
  oDoc.close(True)
Done:
  StarDesktop.terminate()
End Sub

Sub FillSectionPages(oDoc)
  On Error GoTo Skip
  Dim styleNames(999) As String
  Dim startPages(999) As Long
  n = 0
  oCursor = oDoc.getCurrentController().getViewCursor()
  oEnum = oDoc.getText().createEnumeration()
  Do While oEnum.hasMoreElements() And n < 1000
    el = oEnum.nextElement()
    If el.supportsService("com.sun.star.text.Paragraph") Then
      pd = el.PageDescName
      If IsEmpty(pd) Or IsNull(pd) Then pd = ""
      If Len(CStr(pd)) > 0 Then
        oCursor.gotoRange(el.getStart(), False)
        styleNames(n) = pd
        startPages(n) = oCursor.getPage()
        n = n + 1
      End If
    End If
  Loop
  oCursor.jumpToLastPage()
  total = oCursor.getPage()
  oStyles = oDoc.getStyleFamilies().getByName("PageStyles")
  For k = 0 To n - 1
    If k < n - 1 Then count = startPages(k + 1) - startPages(k) Else count = total + 1 - startPages(k)
    If oStyles.hasByName(styleNames(k)) Then
      oStyle = oStyles.getByName(styleNames(k))
      If oStyle.FooterIsOn Then FillFieldIn(oStyle.FooterText, CStr(count))
    End If
  Next k
Skip:
End Sub

Sub FillFieldIn(oText, value As String)
  oParas = oText.createEnumeration()
  Do While oParas.hasMoreElements()
    oPara = oParas.nextElement()
    If oPara.supportsService("com.sun.star.text.Paragraph") Then
      oPortions = oPara.createEnumeration()
      Do While oPortions.hasMoreElements()
        oPortion = oPortions.nextElement()
        If oPortion.TextPortionType = "TextFieldEnd" Then
          code = ""
          If oPortion.Bookmark.getParameters().hasByName("vnd.oasis.opendocument.field.code") Then code = oPortion.Bookmark.getParameters().getByName("vnd.oasis.opendocument.field.code")
          If InStr(code, "SECTIONPAGES") > 0 Then oText.insertString(oPortion.getStart(), value, False)
        End If
      Loop
    End If
  Loop
End Sub
`;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const MODULE = 'BtzExport';
const MODULE_XBA = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="${MODULE}" script:language="StarBasic">${xmlEscape(TOC_MACRO)}</script:module>
`;
const LIBRARY_XLB = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE library:library PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "library.dtd">
<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" library:readonly="false" library:passwordprotected="false">
 <library:element library:name="Module1"/>
 <library:element library:name="${MODULE}"/>
</library:library>
`;

let chain: Promise<unknown> = Promise.resolve();


/** Converts a .docx to PDF with its indexes (the TOC) updated; rejects when LibreOffice fails or takes longer than `timeoutMs`. */
export function docxToPdf(docx: Buffer, opts: { timeoutMs?: number } = {}): Promise<Buffer> {
  const soffice = findSoffice();
  if (!soffice) return Promise.reject(new Error('LibreOffice is not installed'));
  const timeoutMs = opts.timeoutMs ?? 180_000;
  const convert = async () => {
    const dir = await makeJobDir('pdf');
    const started = Date.now();
    const run = (args: string[], timeoutMs: number) => runNative(soffice, args, { dir, timeoutMs, memoryMb: SOFFICE_MEMORY_MB });
    try {
      const input = path.join(dir, 'bid.docx');
      const output = path.join(dir, 'bid.pdf');
      await writeFile(input, (await stripExternalLinks(docx)).data);
      const profile = path.join(dir, 'profile');
      const common = [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--nologo', '--nodefault'];
      await run([...common, '--terminate_after_init'], timeoutMs);
      const lib = path.join(profile, 'user', 'basic', 'Standard');
      await writeFile(path.join(lib, `${MODULE}.xba`), MODULE_XBA);
      await writeFile(path.join(lib, 'script.xlb'), LIBRARY_XLB);
      const call = `macro:///Standard.${MODULE}.ToPdf("${pathToFileURL(input).href}","${pathToFileURL(output).href}")`;
      await run([...common, call], Math.max(1000, timeoutMs - (Date.now() - started)));
      if (!existsSync(output)) throw new Error('LibreOffice wrote no PDF (the conversion macro failed)');
      return await readFile(output);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const next = chain.then(convert, convert);
  chain = next.catch(() => undefined);
  return next;
}

