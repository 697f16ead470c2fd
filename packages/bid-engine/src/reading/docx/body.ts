import { mapSymbol, NumberingCounter } from './numbering.js';
import type { StyleMap } from './styles.js';
import { joinPieces, pageMark, plainPara, type ParaState, type RawPara, type RawRow, type RawTable, type SectionRefs, type Unit, type Walked } from './units.js';
import { isOn, kid, kids, SYMBOL_FONT, val, type XNode } from './xml.js';

/**
 * One walk over document.xml's body, in reading order: paragraphs (`w:p`) and tables (`w:tbl`), through content
 * controls (`w:sdt`), inserted text, hyperlinks, smart tags and custom XML; deleted and hidden text dropped; fields
 * keep their result and lose their instruction (but a TOC field marks its paragraphs); text boxes come out as their
 * own paragraphs before the one holding them (as mammoth did). Page breaks are recorded the way Word places them: a
 * break before any text of a paragraph starts that paragraph on a new page, a break after its text starts the next.
 */

export class BodyWalker {
  readonly units: Unit[] = [];
  readonly sections: SectionRefs[] = [];
  private counter: NumberingCounter;
  /** open fields: their instruction so far */
  private fields: Array<{ instr: string; result: boolean; marked?: boolean }> = [];
  private pending = { start: false, rendered: false };
  private section = 0;
  private sectionStart = 0;

  constructor(
    private styles: StyleMap,
    counter: NumberingCounter,
    private defaultStyle?: string,
    /** headers and footers: a PAGE field's result becomes '\u0000', NUMPAGES '\u0001' (the page is filled in later) */
    private pageFields = false,
  ) {
    this.counter = counter;
  }

  walkBody(body: XNode): Walked {
    this.blockContent(body, this.units);
    const last = kid(body, 'w:sectPr');
    this.closeSection(last);
    return { units: this.units, sections: this.sections };
  }

  private closeSection(sectPr: XNode | undefined) {
    const refs: SectionRefs = { headers: {}, footers: {}, titlePg: false, startUnit: this.sectionStart };
    if (sectPr) {
      for (const h of kids(sectPr, 'w:headerReference')) refs.headers[h.attrs['w:type'] ?? 'default'] = h.attrs['r:id'] ?? '';
      for (const f of kids(sectPr, 'w:footerReference')) refs.footers[f.attrs['w:type'] ?? 'default'] = f.attrs['r:id'] ?? '';
      refs.titlePg = isOn(sectPr, 'w:titlePg') ?? false;
    }
    this.sections.push(refs);
    this.section++;
    this.sectionStart = this.units.length;
  }

  /** Paragraphs and tables of a body, cell, content control or text box, in order. */
  private blockContent(n: XNode, out: Unit[]) {
    for (const k of n.kids) {
      switch (k.name) {
        case 'w:p': {
          const paras = this.paragraph(k);
          out.push(...paras);
          const sect = kid(kid(k, 'w:pPr'), 'w:sectPr');
          if (sect && out === this.units) {
            this.closeSection(sect);
            // a section break starts the next section on a new page unless it is continuous
            const type = val(sect, 'w:type');
            if (type !== 'continuous' && type !== 'nextColumn') this.pending = { start: true, rendered: this.pending.rendered };
          }
          break;
        }
        case 'w:tbl':
          // a one-column frame around a table (a box holding a title, notes and the real table): its content, not a
          // table of one cell whose nested table would be flattened into text
          if (isFrame(k)) for (const tc of frameCells(k)) this.blockContent(tc, out);
          else out.push(this.table(k));
          break;
        case 'w:sdt':
          this.blockContent(kid(k, 'w:sdtContent') ?? k, out);
          break;
        case 'w:customXml':
        case 'w:ins':
        case 'w:moveTo':
        case 'w:smartTag':
        case 'mc:Fallback':
          this.blockContent(k, out);
          break;
        case 'mc:AlternateContent':
          this.blockContent(kid(k, 'mc:Fallback') ?? { name: '', attrs: {}, kids: [], text: '' }, out);
          break;
        default:
          break;
      }
    }
  }

  private paragraph(p: XNode): RawPara[] {
    const pPr = kid(p, 'w:pPr');
    const styleId = val(pPr, 'w:pStyle') ?? this.defaultStyle;
    const style = styleId ? this.styles.get(styleId) : undefined;
    const st: ParaState = {
      pieces: [],
      spaceOnly: [],
      hasText: false,
      startBreak: this.pending.start,
      endBreak: false,
      rendered: this.pending.rendered,
      toc: this.inToc(),
      bold: null,
      before: [],
    };
    this.pending = { start: false, rendered: false };
    if (pPr && isOn(pPr, 'w:pageBreakBefore')) st.startBreak = true;
    this.inline(p, st);

    // numbering: the paragraph's own w:numPr, else its style's
    const numPr = kid(pPr, 'w:numPr');
    let numId = val(numPr, 'w:numId');
    let ilvl = val(numPr, 'w:ilvl') !== undefined ? Number(val(numPr, 'w:ilvl')) : undefined;
    if (numId === undefined && style?.numId !== undefined) {
      numId = style.numId;
      ilvl ??= style.ilvl ?? this.counter.levelForStyle(numId, style.id) ?? 0;
    }
    let marker = '';
    let numFmt: string | undefined;
    const text0 = joinPieces(st);
    if (numId !== undefined && numId !== '0') {
      const m = this.counter.next(numId, ilvl ?? 0);
      if (m) {
        marker = m.marker;
        numFmt = m.fmt;
      }
    }
    const suff = val(kid(pPr, 'w:numPr'), 'w:suff');
    const sep = suff === 'nothing' || !marker ? '' : ' ';
    const olv = val(pPr, 'w:outlineLvl');
    const outline = olv !== undefined ? (Number(olv) < 9 ? Number(olv) : undefined) : style?.outline;
    const jc = val(pPr, 'w:jc');
    const para: RawPara = {
      kind: 'p',
      text: marker && text0.trim() ? `${marker}${sep}${text0}` : text0,
      marker: text0.trim() ? marker : '',
      ...(numFmt && text0.trim() ? { numFmt, ilvl: ilvl ?? 0 } : {}),
      ...(style ? { style } : {}),
      ...(outline !== undefined ? { outline } : {}),
      bold: st.bold ?? style?.bold ?? false,
      centered: jc !== undefined ? jc === 'center' : (style?.centered ?? false),
      tocField: st.toc,
      start: st.startBreak,
      rendered: st.rendered,
      section: this.section,
    };
    if (st.endBreak) this.pending = { start: true, rendered: st.rendered };
    return [...st.before, para];
  }

  private inToc(): boolean {
    return this.fields.some((f) => /^\s*TOC\b/i.test(f.instr));
  }

  /** Runs and the containers around them. */
  private inline(n: XNode, st: ParaState) {
    for (const k of n.kids) {
      switch (k.name) {
        case 'w:r':
          this.run(k, st);
          break;
        case 'w:fldSimple': {
          const instr = k.attrs['w:instr'] ?? '';
          if (/^\s*TOC\b/i.test(instr)) st.toc = true;
          const mark = this.pageFields ? pageMark(instr) : null;
          if (mark !== null) this.piece(st, mark, null);
          else this.inline(k, st);
          break;
        }
        case 'w:hyperlink':
        case 'w:smartTag':
        case 'w:customXml':
        case 'w:ins':
        case 'w:moveTo':
        case 'w:bdo':
        case 'w:dir':
        case 'w:sdtContent':
        case 'mc:Fallback':
          this.inline(k, st);
          break;
        case 'w:sdt':
          this.inline(kid(k, 'w:sdtContent') ?? k, st);
          break;
        case 'mc:AlternateContent': {
          const fb = kid(k, 'mc:Fallback');
          if (fb) this.inline(fb, st);
          break;
        }
        default:
          // w:del, w:moveFrom, w:pPr, bookmarks, proofing marks: nothing printed
          break;
      }
    }
  }

  private run(r: XNode, st: ParaState) {
    const rPr = kid(r, 'w:rPr');
    if (rPr && isOn(rPr, 'w:vanish') && !isOn(rPr, 'w:specVanish')) return;
    const bold = rPr ? (isOn(rPr, 'w:b') ?? null) : null;
    // a run set in a symbol font (Wingdings, Symbol) prints its letters as the symbols they draw: 「þ不接受/¨接受」 is
    // 「☑不接受/□接受」, a box ticked or not
    const fonts = kid(rPr, 'w:rFonts')?.attrs;
    const symbolFont = [fonts?.['w:ascii'], fonts?.['w:hAnsi'], fonts?.['w:cs']].find((f) => f && SYMBOL_FONT.test(f)) ?? '';
    // an underlined run of spaces or tabs is a form's blank (「投标有效期为____日」): kept as underscores, not lost
    const underlined = rPr ? isOn(rPr, 'w:u') === true : false;
    if (underlined && r.kids.some((k) => k.name === 'w:tab' || k.name === 'w:t') && r.kids.every((k) => k.name === 'w:rPr' || k.name === 'w:tab' || (k.name === 'w:t' && !k.text.trim()))) {
      if (!this.inInstruction()) this.piece(st, '____', null);
      return;
    }
    for (const k of r.kids) {
      switch (k.name) {
        case 'w:t': {
          if (this.inInstruction()) break;
          const f = this.fields[this.fields.length - 1];
          if (this.pageFields && f) {
            const mark = pageMark(f.instr);
            if (mark !== null) {
              if (!f.marked) this.piece(st, mark, null);
              f.marked = true;
              break;
            }
          }
          this.piece(st, symbolFont ? symbolText(k.text, symbolFont) : k.text, bold);
          break;
        }
        case 'w:tab':
        case 'w:ptab':
          if (!this.inInstruction()) this.piece(st, '\t', null);
          break;
        case 'w:br':
        case 'w:cr':
          if (k.attrs['w:type'] === 'page') this.pageBreak(st, false);
          else if (k.attrs['w:type'] !== 'column') this.piece(st, '\n', null);
          break;
        case 'w:lastRenderedPageBreak':
          this.pageBreak(st, true);
          break;
        case 'w:sym': {
          const code = parseInt(k.attrs['w:char'] ?? '', 16);
          const ch = Number.isFinite(code) ? (mapSymbol(code & 0xff, k.attrs['w:font'] ?? '') ?? (code >= 0xf000 ? '' : String.fromCodePoint(code))) : '';
          if (ch) this.piece(st, ch, bold);
          break;
        }
        case 'w:noBreakHyphen':
          this.piece(st, '-', bold);
          break;
        case 'w:fldChar': {
          const t = k.attrs['w:fldCharType'];
          if (t === 'begin') {
            this.fields.push({ instr: '', result: false });
            // a legacy form check box prints as a box, ticked or not
            const box = kid(kid(k, 'w:ffData'), 'w:checkBox');
            if (box) this.piece(st, (isOn(box, 'w:checked') ?? isOn(box, 'w:default')) ? '☑' : '□', null);
          }
          else if (t === 'separate') {
            const f = this.fields[this.fields.length - 1];
            if (f) f.result = true;
          } else if (t === 'end') this.fields.pop();
          if (this.inToc()) st.toc = true;
          break;
        }
        case 'w:instrText': {
          const f = this.fields[this.fields.length - 1];
          if (f && !f.result) f.instr += k.text;
          if (this.inToc()) st.toc = true;
          break;
        }
        case 'w:drawing':
        case 'w:pict':
        case 'mc:AlternateContent':
        case 'w:object':
          this.textBoxes(k, st);
          break;
        default:
          break;
      }
    }
  }

  private inInstruction(): boolean {
    const f = this.fields[this.fields.length - 1];
    return !!f && !f.result;
  }

  private piece(st: ParaState, text: string, bold: boolean | null) {
    if (!text) return;
    st.pieces.push(text);
    st.spaceOnly.push(/^ +$/.test(text));
    if (/\S/.test(text)) {
      st.hasText = true;
      st.bold = (st.bold ?? true) && bold === true;
    }
  }

  private pageBreak(st: ParaState, rendered: boolean) {
    if (st.hasText) st.endBreak = true;
    else st.startBreak = true;
    if (rendered) st.rendered = true;
  }

  /** Text boxes (w:txbxContent) inside drawings: their paragraphs, before the paragraph holding them. */
  private textBoxes(n: XNode, st: ParaState) {
    for (const k of n.kids) {
      if (k.name === 'mc:Choice') continue;
      if (k.name === 'w:txbxContent') {
        const inner: Unit[] = [];
        const saved = this.pending;
        this.pending = { start: false, rendered: false };
        this.blockContent(k, inner);
        this.pending = saved;
        for (const u of inner) {
          if (u.kind === 'p') st.before.push({ ...u, start: false, rendered: false });
          else for (const row of u.rows) st.before.push(plainPara(row.cells.map((c) => c.paras.join(' ')).join('\t'), this.section));
        }
      } else this.textBoxes(k, st);
    }
  }

  private table(tbl: XNode): RawTable {
    const grid = kids(kid(tbl, 'w:tblGrid'), 'w:gridCol').map((g) => Number(g.attrs['w:w'] ?? 0));
    const rows: RawRow[] = [];
    const rowEls: XNode[] = [];
    const collectRows = (n: XNode) => {
      for (const k of n.kids) {
        if (k.name === 'w:tr') rowEls.push(k);
        else if (k.name === 'w:sdt') collectRows(kid(k, 'w:sdtContent') ?? k);
        else if (k.name === 'w:customXml' || k.name === 'w:ins') collectRows(k);
      }
    };
    collectRows(tbl);
    for (const tr of rowEls) {
      const trPr = kid(tr, 'w:trPr');
      if (trPr && kid(trPr, 'w:del')) continue;
      const row: RawRow = {
        cells: [],
        header: isOn(trPr, 'w:tblHeader') ?? false,
        gridBefore: Number(val(trPr, 'w:gridBefore') ?? 0),
        gridAfter: Number(val(trPr, 'w:gridAfter') ?? 0),
        start: this.pending.start,
        rendered: this.pending.rendered,
      };
      this.pending = { start: false, rendered: false };
      let rowHasText = false;
      const cellEls: XNode[] = [];
      const collectCells = (n: XNode) => {
        for (const k of n.kids) {
          if (k.name === 'w:tc') cellEls.push(k);
          else if (k.name === 'w:sdt') collectCells(kid(k, 'w:sdtContent') ?? k);
          else if (k.name === 'w:customXml') collectCells(k);
        }
      };
      collectCells(tr);
      for (const tc of cellEls) {
        const tcPr = kid(tc, 'w:tcPr');
        const vm = kid(tcPr, 'w:vMerge');
        const hm = kid(tcPr, 'w:hMerge');
        const span = Math.max(1, Number(val(tcPr, 'w:gridSpan') ?? 1));
        const inner: Unit[] = [];
        this.blockContent(tc, inner);
        const paras: string[] = [];
        for (const u of inner) {
          if (u.kind === 'p') {
            if (u.start && !rowHasText) row.start = true;
            if (u.rendered && u.start) row.rendered = true;
            if (u.start && rowHasText) this.pending = { start: true, rendered: u.rendered };
            if (u.text.trim()) {
              paras.push(u.text);
              rowHasText = true;
            }
          } else {
            // a table nested in a cell: its rows flattened into the cell's text
            for (const nr of u.rows) {
              const line = nr.cells.map((c) => c.paras.join(' ')).filter((s) => s.trim()).join(' ');
              if (line) {
                paras.push(line);
                rowHasText = true;
              }
            }
          }
        }
        if (this.pending.start && !rowHasText) {
          row.start = true;
          row.rendered ||= this.pending.rendered;
          this.pending = { start: false, rendered: false };
        }
        if (hm && hm.attrs['w:val'] !== 'restart' && row.cells.length) {
          const prev = row.cells[row.cells.length - 1]!;
          prev.span += span;
          prev.paras.push(...paras);
          continue;
        }
        row.cells.push({ paras, span, vMerge: vm ? (vm.attrs['w:val'] === 'restart' ? 'restart' : 'continue') : null });
      }
      rows.push(row);
    }
    return { kind: 'table', grid, rows, section: this.section };
  }
}


/** The rows (through content controls and custom XML) and their cells of a table, in order. */
function rowsOf(n: XNode): XNode[] {
  return n.kids.flatMap((k) =>
    k.name === 'w:tr' ? [k] : k.name === 'w:sdt' ? rowsOf(kid(k, 'w:sdtContent') ?? k) : k.name === 'w:customXml' || k.name === 'w:ins' ? rowsOf(k) : [],
  );
}
function cellsOf(n: XNode): XNode[] {
  return n.kids.flatMap((k) => (k.name === 'w:tc' ? [k] : k.name === 'w:sdt' ? cellsOf(kid(k, 'w:sdtContent') ?? k) : k.name === 'w:customXml' ? cellsOf(k) : []));
}
function frameCells(tbl: XNode): XNode[] {
  return rowsOf(tbl).flatMap(cellsOf);
}

/**
 * A table that only frames other content: one cell per row (one grid column, or every row a single cell) and a table
 * nested directly in one of its cells. Tender templates box their scoring tables and qualification lists this way.
 */
function isFrame(tbl: XNode): boolean {
  const rows = rowsOf(tbl);
  if (!rows.length || rows.some((r) => cellsOf(r).length !== 1)) return false;
  return frameCells(tbl).some((tc) => tc.kids.some((k) => k.name === 'w:tbl' || (k.name === 'w:sdt' && kid(k, 'w:sdtContent')?.kids.some((x) => x.name === 'w:tbl'))));
}

/** Text typed in a symbol font, as the symbols it draws (mapSymbol); a letter the map does not know is kept. */
function symbolText(text: string, font: string): string {
  return [...text]
    .map((ch) => {
      const cp = ch.codePointAt(0)!;
      const code = cp >= 0xf000 && cp <= 0xf0ff ? cp & 0xff : cp;
      return code <= 0xff ? (mapSymbol(code, font) ?? ch) : ch;
    })
    .join('');
}
