/**
 * DOCX files carrying every kind of metadata a duplicate check links bidders by (issue 15): the same author, company,
 * template, custom property, RSIDs and document id in both — as when one person made both bidders' files from one
 * document — plus a comment, a tracked change, a document variable, hidden text and a thumbnail.
 */
import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"';

export interface LinkedDocx {
  bidder: string;
  /** the text both keep after clearing */
  body: string;
}

export async function linkedDocx(o: LinkedDocx): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/><Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/><Override PartName="/word/people.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/><Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"/><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" Target="docProps/thumbnail.jpeg"/></Relationships>`,
  );
  zip.file(
    'docProps/core.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>投标文件</dc:title><dc:creator>张三</dc:creator><cp:lastModifiedBy>张三</cp:lastModifiedBy><cp:revision>7</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2026-11-01T08:00:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2026-11-02T09:30:00Z</dcterms:modified></cp:coreProperties>`,
  );
  zip.file(
    'docProps/app.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Template>标书模板.dotm</Template><TotalTime>42</TotalTime><Application>Microsoft Office Word</Application><Company>某某招标代理有限公司</Company><Manager>李四</Manager></Properties>`,
  );
  zip.file(
    'docProps/custom.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="制作人"><vt:lpwstr>张三</vt:lpwstr></property></Properties>`,
  );
  zip.file('docProps/thumbnail.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]));
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/><Relationship Id="rId3" Type="http://schemas.microsoft.com/office/2011/relationships/people" Target="people.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/settings.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///C:/Users/zhangsan/AppData/Roaming/Microsoft/Templates/%E6%A0%87%E4%B9%A6%E6%A8%A1%E6%9D%BF.dotm" TargetMode="External"/></Relationships>`,
  );
  zip.file(
    'word/settings.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:settings ${W}><w:attachedTemplate r:id="rId1"/><w:defaultTabStop w:val="420"/><w:docVars><w:docVar w:name="KSOProductBuildVer" w:val="2052-11.1.0.12358"/></w:docVars><w:rsids><w:rsidRoot w:val="00A1B2C3"/><w:rsid w:val="00A1B2C3"/><w:rsid w:val="00D4E5F6"/></w:rsids><w14:docId w14:val="1A2B3C4D"/><w15:docId w15:val="{11111111-2222-3333-4444-555555555555}"/></w:settings>`,
  );
  zip.file(
    'word/comments.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:comments ${W}><w:comment w:id="0" w:author="张三" w:date="2026-11-02T09:00:00Z" w:initials="ZS"><w:p><w:r><w:t>价格再核一下</w:t></w:r></w:p></w:comment></w:comments>`,
  );
  zip.file(
    'word/people.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w15:people ${W}><w15:person w15:author="张三"><w15:presenceInfo w15:providerId="None" w15:userId="张三"/></w15:person></w15:people>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>
<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00A1B2C3" w14:paraId="3F2A1B0C" w14:textId="77777777"><w:r w:rsidRPr="00D4E5F6"><w:t>投标人：${o.bidder}</w:t></w:r></w:p>
<w:p w:rsidR="00D4E5F6" w14:paraId="4A4A4A4A"><w:commentRangeStart w:id="0"/><w:r><w:t>${o.body}</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>
<w:p><w:ins w:id="1" w:author="张三" w:date="2026-11-02T09:10:00Z"><w:r><w:t>（修订内容）</w:t></w:r></w:ins><w:r><w:rPr><w:vanish/></w:rPr><w:t>隐藏的内部备注：报价底线</w:t></w:r><w:r><w:t>正文结束。</w:t></w:r></w:p>
<w:sectPr w:rsidR="00A1B2C3"><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A PDF with an Info dictionary and an XMP stream naming its author. */
export async function pdfWithMetadata(author = '张三'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('Bid file', { x: 50, y: 150, size: 20 });
  doc.setAuthor(author);
  doc.setCreator('Microsoft Word');
  doc.setProducer('某某 PDF 工具');
  doc.setTitle('投标文件');
  doc.setKeywords(['投标']);
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${author}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const stream = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
  doc.context.trailerInfo.ID = doc.context.obj([PDFString.of('abcdef'), PDFString.of('abcdef')]);
  const out = await doc.save({ useObjectStreams: false });
  return Buffer.from(out);
}
