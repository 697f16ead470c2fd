import { describe, expect, it } from 'vitest';
import { chineseCounting, formatNumber, NumberingCounter, parseNumbering } from './numbering.js';
import { parseXml } from './xml.js';

describe('Word numbering rendered as printed', () => {
  it('number formats: Chinese counting, legal, heavenly stems, circled, roman, letters, full width', () => {
    expect([1, 9, 10, 11, 19, 20, 21, 99, 100, 105, 110].map((n) => chineseCounting(n))).toEqual(
      ['一', '九', '十', '十一', '十九', '二十', '二十一', '九十九', '一百', '一百零五', '一百一十'],
    );
    expect(formatNumber(12, 'chineseLegalSimplified')).toBe('壹拾贰');
    expect([1, 3, 10].map((n) => formatNumber(n, 'ideographTraditional'))).toEqual(['甲', '丙', '癸']);
    expect(formatNumber(3, 'decimalEnclosedCircle')).toBe('③');
    expect(formatNumber(4, 'lowerRoman')).toBe('iv');
    expect(formatNumber(28, 'upperLetter')).toBe('BB');
    expect(formatNumber(12, 'decimalFullWidth')).toBe('１２');
  });

  it('counters per list definition: deeper levels restart, instances sharing a definition continue, startOverride restarts', () => {
    const xml =
      '<w:numbering>' +
      '<w:abstractNum w:abstractNumId="0">' +
      '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="chineseCounting"/><w:lvlText w:val="%1、"/></w:lvl>' +
      '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="chineseCounting"/><w:lvlText w:val="（%2）"/></w:lvl>' +
      '<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:isLgl/><w:lvlText w:val="%1.%2.%3"/></w:lvl>' +
      '</w:abstractNum>' +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
      '<w:num w:numId="2"><w:abstractNumId w:val="0"/></w:num>' +
      '<w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>' +
      '</w:numbering>';
    const c = new NumberingCounter(parseNumbering(parseXml(xml, 'numbering.xml')));
    const seq = ([
      ['1', 0], ['1', 1], ['1', 1], ['1', 2], ['1', 0], ['1', 1], ['2', 0], ['3', 0], ['3', 1],
    ] as Array<[string, number]>).map(([id, l]) => c.next(id, l)!.marker);
    expect(seq).toEqual(['一、', '（一）', '（二）', '1.2.1', '二、', '（一）', '三、', '一、', '（一）']);
  });
});
