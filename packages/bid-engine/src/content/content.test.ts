/**
 * Section content: schema validation and cleaning, HTML sanitising and conversion (XSS payloads included), plain text,
 * and the size limits (the model's Markdown: writer/markdown.test.ts). Every converter's output must pass validateDoc unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { EditorJson, EditorJsonNode } from '@btz/shared';
import { editorDocProblem, editorSchema } from '@btz/shared/editor';
import {
  countChars,
  docToText,
  htmlToDoc,
  MAX_DEPTH,
  MAX_NODES,
  MAX_TEXT,
  textToDoc,
  validateDoc,
} from './index.js';

const t = (text: string, marks?: EditorJsonNode['marks']): EditorJsonNode => (marks ? { type: 'text', text, marks } : { type: 'text', text });
const p = (...content: EditorJsonNode[]): EditorJsonNode => (content.length ? { type: 'paragraph', content } : { type: 'paragraph' });
const doc = (...content: EditorJsonNode[]): EditorJson => ({ type: 'doc', content });

function valid(input: unknown): EditorJson {
  const r = validateDoc(input);
  if (!r.ok) throw new Error(r.error);
  return r.doc;
}

/** A converter's output: valid, already clean (validateDoc returns it unchanged), and stable under re-validation. */
function clean(d: EditorJson): EditorJson {
  expect(valid(d)).toEqual(d);
  expect(editorDocProblem(d)).toBeNull();
  return d;
}

/** Every node of a document, depth first. */
function nodes(d: EditorJson): EditorJsonNode[] {
  const out: EditorJsonNode[] = [];
  const visit = (list: EditorJsonNode[]) => {
    for (const n of list) {
      out.push(n);
      if (n.content) visit(n.content);
    }
  };
  visit(d.content);
  return out;
}
const types = (d: EditorJson) => nodes(d).map((n) => n.type);
const marksOf = (d: EditorJson, type: string) =>
  nodes(d).filter((n) => n.marks?.some((m) => m.type === type)).map((n) => n.text);

describe('validateDoc', () => {
  it('accepts a clean document and returns an equal copy', () => {
    const input = doc(
      { type: 'heading', attrs: { level: 2, textAlign: 'center' }, content: [t('标题')] },
      p(t('正文'), t('加粗', [{ type: 'bold' }]), { type: 'hardBreak' }, t('斜体', [{ type: 'italic' }])),
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(t('一'))] }] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 2, rowspan: 1, colwidth: [100, 200] }, content: [p(t('表头'))] }] },
          { type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p()] }] },
        ],
      },
      { type: 'blockquote', content: [p(t('引用'))] },
      { type: 'image', attrs: { src: '/api/blade-resource/file/1.png', alt: '图', title: '标题', width: 320, height: 200 } },
      { type: 'image', attrs: { src: 'data:image/png;base64,iVBORw0KGgo=' } },
      p(t('【待填写：名称】', [{ type: 'highlight', attrs: { color: '#ffee00' } }])),
    );
    const r = validateDoc(input);
    expect(r).toEqual({ ok: true, doc: input });
    if (r.ok) expect(r.doc).not.toBe(input);
  });

  it('refuses what is not a document', () => {
    for (const bad of [null, undefined, 'doc', 42, [], {}, { type: 'paragraph' }, { type: 'doc', content: 'x' }]) {
      const r = validateDoc(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^正文格式不正确：/);
    }
  });

  it('gives an empty document one empty paragraph', () => {
    expect(valid({ type: 'doc' })).toEqual(doc(p()));
    expect(valid({ type: 'doc', content: [] })).toEqual(doc(p()));
  });

  it('drops unknown attributes, unknown marks and unsafe values', () => {
    const d = valid({
      type: 'doc',
      attrs: { evil: 1 },
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: 'middle', class: 'x', style: 'color:red', onclick: 'alert(1)' },
          content: [
            { type: 'text', text: 'a', marks: [{ type: 'bold', attrs: { x: 1 } }, { type: 'fontFamily' }, { type: 'bold' }] },
            { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)', target: '_blank' } }] },
            { type: 'text', text: 'c', marks: [{ type: 'link', attrs: { href: 'https://ok.example/', target: '_blank', rel: 'x' } }] },
            { type: 'text', text: 'd', marks: [{ type: 'highlight', attrs: { color: 'red; background:url(x)' } }] },
          ],
        },
        { type: 'heading', attrs: { level: 9, id: 'h' }, content: [t('h')] },
        { type: 'heading', content: [t('h0')] },
        { type: 'orderedList', attrs: { start: 'x', type: 'a' }, content: [{ type: 'listItem', attrs: { checked: true }, content: [p(t('i'))] }] },
        { type: 'image', attrs: { src: '/api/x.png', alt: 5, width: 'wide', height: -1, onerror: 'x' } },
        { type: 'horizontalRule', attrs: { x: 1 } },
      ],
    });
    expect(d).toEqual(
      doc(
        p(t('a', [{ type: 'bold' }]), t('bc'), t('d', [{ type: 'highlight' }])),
        { type: 'heading', attrs: { level: 4 }, content: [t('h')] },
        { type: 'heading', attrs: { level: 1 }, content: [t('h0')] },
        { type: 'orderedList', content: [{ type: 'listItem', content: [p(t('i'))] }] },
        { type: 'image', attrs: { src: '/api/x.png' } },
      ),
    );
  });

  it('keeps no link and no horizontal rule: the editor shows neither (links disabled), so the text stays and the rule goes', () => {
    for (const href of ['https://a.cn/x', 'mailto:a@b.cn', 'javascript:alert(1)', 'data:text/html,<script>', '//evil.example', 5, null]) {
      const d = valid(doc(p(t('官网', [{ type: 'link', attrs: { href } }, { type: 'bold' }])), { type: 'horizontalRule' }, p(t('后文'))));
      expect(d).toEqual(doc(p(t('官网', [{ type: 'bold' }])), p(t('后文'))));
    }
  });

  it('stores only what the editor can show: the clean copy of any input passes the editor schema, and the schema refuses what it cannot show', () => {
    const shapes: unknown[] = [
      doc({ type: 'bulletList', content: [t('loose text in a list')] }),
      doc({ type: 'table', content: [p(t('a paragraph where rows belong'))] }),
      doc({ type: 'listItem', content: [p(t('an item without a list'))] }),
      doc({ type: 'tableCell', content: [t('a cell outside a table')] }),
      doc(p({ type: 'paragraph', content: [t('nested paragraph')] } as EditorJsonNode)),
      doc({ type: 'codeBlock', content: [t('code')] }, { type: 'horizontalRule' }),
    ];
    for (const s of shapes) {
      const d = valid(s);
      expect(editorDocProblem(d)).toBeNull();
    }
    expect(editorDocProblem(doc({ type: 'bulletList', content: [t('x')] }))).toMatch(/^正文格式不正确：编辑器无法显示/);
    expect(editorDocProblem(doc({ type: 'horizontalRule' }))).toMatch(/^正文格式不正确/);
    expect(editorDocProblem(doc(p(t('x', [{ type: 'link', attrs: { href: 'https://a.cn' } }]))))).toMatch(/^正文格式不正确/);
  });

  it('keeps only allowed image sources', () => {
    const kept = (src: unknown) => types(valid(doc({ type: 'image', attrs: { src } }))).includes('image');
    for (const ok of [
      '/api/blade-resource/file/a.png', '/api/x?id=1', 'data:image/png;base64,AAAA', 'data:image/jpeg;base64,AA==',
      'data:image/gif;base64,R0lG', 'data:image/webp;base64,UklG',
    ]) {
      expect(kept(ok)).toBe(true);
    }
    for (const bad of [
      'https://evil.example/x.png', 'x', '//evil/api/x', '/api/../secret', '/apix', 'api/x', 'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/png,raw', 'data:image/png;base64,<script>',
      '/api/x"onerror="alert(1)', 7, undefined,
    ]) {
      expect(kept(bad)).toBe(false);
    }
  });

  it('limits embedded images to 5 MB', () => {
    const b64 = (bytes: number) => 'A'.repeat(Math.ceil(bytes / 3) * 4);
    const kept = (src: string) => types(valid(doc({ type: 'image', attrs: { src } }))).includes('image');
    expect(kept(`data:image/png;base64,${b64(5 * 1024 * 1024 - 3)}`)).toBe(true);
    expect(kept(`data:image/png;base64,${b64(5 * 1024 * 1024 + 3)}`)).toBe(false);
  });

  it('cleans table cell attributes and cuts alt / title to 200 characters', () => {
    const d = valid(
      doc({
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', attrs: { colspan: 0, rowspan: 51, colwidth: ['1'], background: 'red' }, content: [p(t('a'))] },
              { type: 'tableCell', attrs: { colspan: 2.5, rowspan: 50, colwidth: [10, 20] } },
            ],
          },
        ],
      }, { type: 'image', attrs: { src: '/api/i.png', alt: '长'.repeat(300), title: 'x'.repeat(201) } }),
    );
    const [cellA, cellB] = nodes(d).filter((n) => n.type === 'tableCell');
    expect(cellA).toEqual({ type: 'tableCell', content: [p(t('a'))] });
    expect(cellB).toEqual({ type: 'tableCell', attrs: { rowspan: 50, colwidth: [10, 20] }, content: [p()] });
    const img = nodes(d).find((n) => n.type === 'image')!;
    expect((img.attrs!.alt as string).length).toBe(200);
    expect((img.attrs!.title as string).length).toBe(200);
  });

  it('replaces unknown nodes with a paragraph of their text, or drops them when empty', () => {
    const d = valid({
      type: 'doc',
      content: [
        { type: 'details', content: [{ type: 'detailsSummary', content: [t('摘要')] }, { type: 'detailsContent', content: [p(t('内容'))] }] },
        { type: 'iframe', attrs: { src: 'https://evil.example' } },
        { type: 'codeBlock', content: [t('code')] },
        p(t('前'), { type: 'mention', attrs: { id: 'u' }, content: [t('@张三', [{ type: 'bold' }])] }, t('后')),
        { type: 'script', content: [] },
      ],
    });
    expect(d).toEqual(
      doc(p(t('摘要'), { type: 'hardBreak' }, t('内容')), p(t('code')), p(t('前'), t('@张三', [{ type: 'bold' }]), t('后'))),
    );
  });

  it('puts misplaced content where the schema allows it', () => {
    const d = valid({
      type: 'doc',
      content: [
        t('loose'),
        { type: 'hardBreak' },
        { type: 'listItem', content: [p(t('stray item'))] },
        { type: 'tableCell', content: [p(t('stray cell'))] },
        { type: 'bulletList', content: [p(t('no item')), { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('nested'))] }] }] },
        { type: 'bulletList', content: [] },
        { type: 'listItem' },
        { type: 'table', content: [{ type: 'tableCell', content: [p(t('cell'))] }, p(t('para'))] },
        { type: 'table', content: [{ type: 'tableRow', content: [] }] },
        { type: 'blockquote', content: [] },
        p(p(t('inner')), { type: 'image', attrs: { src: '/api/a.png' } }),
        { type: 'text', text: '' },
        { type: 'text' },
        5,
        'string',
        null,
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'heading', attrs: { level: 2 }, content: [t('h')] }] }] },
      ],
    });
    expect(d).toEqual(
      doc(
        p(t('loose'), { type: 'hardBreak' }),
        p(t('stray item')),
        p(t('stray cell')),
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [p(t('no item')), { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('nested'))] }] }] }],
        },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableCell', content: [p(t('cell'))] }] },
            { type: 'tableRow', content: [{ type: 'tableCell', content: [p(t('para'))] }] },
          ],
        },
        p(t('inner')),
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(), { type: 'heading', attrs: { level: 2 }, content: [t('h')] }] }] },
      ),
    );
  });

  it('joins neighbouring text with the same marks, orders marks, and lets code stand alone', () => {
    const d = valid(
      doc(
        p(
          t('a', [{ type: 'italic' }, { type: 'bold' }]),
          t('b', [{ type: 'bold' }, { type: 'italic' }]),
          t('c', [{ type: 'code' }, { type: 'bold' }]),
          t('\u0000d\u0007'),
        ),
      ),
    );
    expect(d).toEqual(doc(p(t('ab', [{ type: 'bold' }, { type: 'italic' }]), t('c', [{ type: 'code' }]), t('d'))));
  });

  it('is idempotent', () => {
    const messy = {
      type: 'doc',
      content: [
        t('x'),
        { type: 'bulletList', content: [p(t('a')), { type: 'orderedList', content: [{ type: 'listItem' }] }] },
        { type: 'table', content: [{ type: 'tableCell' }, { type: 'tableRow', content: [t('r')] }] },
        { type: 'weird', content: [p(t('w1')), p(t('w2'))] },
        p(t('m', [{ type: 'highlight', attrs: { color: '#ABC' } }, { type: 'link', attrs: { href: 'https://x.cn' } }])),
      ],
    };
    const once = valid(messy);
    expect(valid(once)).toEqual(once);
    expect(valid(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('enforces depth, node and text limits', () => {
    let deep: EditorJsonNode = p(t('x'));
    for (let i = 0; i < 40; i++) deep = { type: 'blockquote', content: [deep] };
    const r1 = validateDoc(doc(deep));
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.error).toContain(`${MAX_DEPTH}`);

    // exactly at the depth limit is fine: doc(1) + 27 quotes + paragraph(29) + text(30)
    let edge: EditorJsonNode = p(t('x'));
    for (let i = 0; i < MAX_DEPTH - 3; i++) edge = { type: 'blockquote', content: [edge] };
    expect(validateDoc(doc(edge)).ok).toBe(true);

    const many = doc(...Array.from({ length: MAX_NODES }, () => p()));
    const r2 = validateDoc(many);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error).toMatch(/节点数/);

    const long = validateDoc(doc(p(t('字'.repeat(MAX_TEXT + 1)))));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error).toMatch(/^正文过长/);
    expect(validateDoc(doc(p(t('字'.repeat(MAX_TEXT))))).ok).toBe(true);
  });

  it('survives a hostile depth without recursing into it', () => {
    let deep: Record<string, unknown> = { type: 'text', text: 'x' };
    for (let i = 0; i < 100_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(validateDoc({ type: 'doc', content: [deep] }).ok).toBe(false);
    const cyclic: Record<string, unknown> = { type: 'paragraph' };
    cyclic.content = [cyclic];
    expect(validateDoc({ type: 'doc', content: [cyclic] }).ok).toBe(false);
  });
});

const XSS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<p onclick="alert(1)" onmouseover="alert(1)" style="background:url(javascript:alert(1))">text</p>',
  '<div style="width: expression(alert(1))">text</div>',
  '<body onload=alert(1)>text</body>',
  '<style>@import "javascript:alert(1)"; body{background:red}</style>text',
  '<!-- <script>alert(1)</script> -->text',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>x</details>',
  '<video><source onerror="alert(1)"></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td onmouseover=alert(1)>cell</td></tr></table>',
  '<mark data-color="red;x:expression(alert(1))" onclick=alert(1)>m</mark>',
  '<xmp><script>alert(1)</script></xmp>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><script>alert(1)</script></title>',
  '<img src="/api/x.png" onerror="alert(1)" onload="alert(1)">',
  '<a href="https://ok.example/" onclick="alert(1)">ok</a>',
  '<p>text</p><script>alert(1)</script><p>more</p>',
  '<div><img src=x:alert(alt) onerror=eval(src) alt=0></div>',
];

/**
 * Parser-confusion payloads: a browser shows part of them as literal text (e.g. `ipt>alert(1)`), and so do we, but as
 * plain text only: no element, attribute or mark survives.
 */
const XSS_AS_TEXT = [
  '<![CDATA[<script>alert(1)</script>]]>text',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="javascript:alert(1)"><scr<script>ipt>alert(1)</scr</script>ipt></a>',
  '<img src="x` `<script>alert(1)</script>"` `>',
];

describe('htmlToDoc', () => {
  it.each(XSS)('strips %s', (html) => {
    const d = clean(htmlToDoc(html));
    const json = JSON.stringify(d).toLowerCase();
    expect(json).not.toContain('script');
    expect(json).not.toContain('onerror');
    expect(json).not.toContain('onclick');
    expect(json).not.toContain('onload');
    expect(json).not.toContain('javascript:');
    expect(json).not.toContain('expression');
    expect(json).not.toContain('alert');
  });

  it.each(XSS_AS_TEXT)('reduces %s to plain text', (html) => {
    const d = clean(htmlToDoc(html));
    for (const n of nodes(d)) {
      expect(['paragraph', 'text']).toContain(n.type);
      expect(n.marks).toBeUndefined();
      expect(n.attrs).toBeUndefined();
    }
    expect(JSON.stringify(d).toLowerCase()).not.toContain('javascript:');
  });

  it('keeps the safe parts of hostile HTML', () => {
    expect(htmlToDoc('<p>text</p><script>alert(1)</script><p>more</p>')).toEqual(doc(p(t('text')), p(t('more'))));
    expect(htmlToDoc('<a href="https://ok.example/" onclick="alert(1)">ok</a>')).toEqual(
      doc(p(t('ok'))),
    );
    expect(htmlToDoc('<img src="/api/x.png" onerror="alert(1)">')).toEqual(doc({ type: 'image', attrs: { src: '/api/x.png' } }));
    expect(htmlToDoc('<a href="javascript:alert(1)">click</a>')).toEqual(doc(p(t('click'))));
  });

  it('keeps escaped markup as text, never as markup', () => {
    const d = clean(htmlToDoc('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</p>'));
    expect(d).toEqual(doc(p(t('<script>alert(1)</script> &amp;'))));
  });

  it('converts headings, paragraphs, marks and breaks', () => {
    const d = clean(
      htmlToDoc(
        '<h1>一</h1><h3 style="text-align: center">三</h3><h6>六</h6>' +
          '<p>普通 <strong>粗</strong><b>体</b> <em>斜</em><i>体</i> <u>下划线</u> <s>删</s><del>除</del> <mark>高亮</mark> <code>code</code></p>' +
          '<p>一行<br>二行<br></p><div>块</div><p></p><hr><blockquote><p>引用</p></blockquote>',
      ),
    );
    expect(d).toEqual(
      doc(
        { type: 'heading', attrs: { level: 1 }, content: [t('一')] },
        { type: 'heading', attrs: { level: 3, textAlign: 'center' }, content: [t('三')] },
        { type: 'heading', attrs: { level: 4 }, content: [t('六')] },
        p(
          t('普通 '),
          t('粗体', [{ type: 'bold' }]),
          t(' '),
          t('斜体', [{ type: 'italic' }]),
          t(' '),
          t('下划线', [{ type: 'underline' }]),
          t(' '),
          t('删除', [{ type: 'strike' }]),
          t(' '),
          t('高亮', [{ type: 'highlight' }]),
          t(' '),
          t('code', [{ type: 'code' }]),
        ),
        p(t('一行'), { type: 'hardBreak' }, t('二行')),
        p(t('块')),
        p(),
        { type: 'blockquote', content: [p(t('引用'))] },
      ),
    );
  });

  it('collapses whitespace like a browser and keeps it in <pre>', () => {
    expect(htmlToDoc('<p>\n  a   <b> b </b>\n c  </p>\n\n<p> </p>')).toEqual(
      doc(p(t('a '), t('b ', [{ type: 'bold' }]), t('c')), p()),
    );
    expect(htmlToDoc('<pre>x\n  y</pre>')).toEqual(doc(p(t('x'), { type: 'hardBreak' }, t('  y'))));
  });

  it('converts lists, nested lists and ordered starts', () => {
    const d = clean(htmlToDoc('<ul>\n<li>a</li>\n<li>b<ul><li>b1</li></ul></li>\n<ul><li>c1</li></ul></ul><ol start="3"><li><p>x</p></li></ol>'));
    expect(d).toEqual(
      doc(
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p(t('a'))] },
            {
              type: 'listItem',
              content: [
                p(t('b')),
                { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('b1'))] }] },
                { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('c1'))] }] },
              ],
            },
          ],
        },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(t('x'))] }] },
      ),
    );
  });

  it('converts tables with headers, spans and captions', () => {
    const d = clean(
      htmlToDoc(
        '<table><caption>表1</caption><thead><tr><th>项</th><th>值</th></tr></thead>' +
          '<tbody><tr><td colspan="2">合并</td></tr><tr><td rowspan="99"><b>粗</b></td><td></td></tr></tbody></table>',
      ),
    );
    expect(d).toEqual(
      doc(p(t('表1')), {
        type: 'table',
        content: [
          { type: 'tableRow', content: [{ type: 'tableHeader', content: [p(t('项'))] }, { type: 'tableHeader', content: [p(t('值'))] }] },
          { type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [p(t('合并'))] }] },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', attrs: { rowspan: 50 }, content: [p(t('粗', [{ type: 'bold' }]))] },
              { type: 'tableCell', content: [p()] },
            ],
          },
        ],
      }),
    );
    expect(docToText(d)).toBe('表1\n项\t值\n合并\n粗\t');
  });

  it('moves images out of paragraphs and keeps their safe attributes', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const d = clean(htmlToDoc(`<p>前<img src="${png}" alt="图一" width="300" height="abc" class="x">后</p>`));
    expect(d).toEqual(doc(p(t('前')), { type: 'image', attrs: { src: png, alt: '图一', width: 300 } }, p(t('后'))));
  });

  it('unwraps unknown elements to their text and reads Word / Google Docs styles', () => {
    const d = clean(
      htmlToDoc(
        '<b style="font-weight:normal;" id="docs-internal-guid-1"><p><span style="font-weight:700">粗</span>' +
          '<span style="font-style:italic;text-decoration:underline">斜</span><font color=red>红</font><custom-el>自定义</custom-el></p></b>',
      ),
    );
    expect(d).toEqual(doc(p(t('粗', [{ type: 'bold' }]), t('斜', [{ type: 'italic' }, { type: 'underline' }]), t('红自定义'))));
  });

  it('highlights placeholders and keeps a hex highlight colour', () => {
    const d = clean(htmlToDoc('<p>联系人：【待填写：姓名】 <mark data-color="#FFEE00">黄</mark></p>'));
    expect(marksOf(d, 'highlight')).toEqual(['【待填写：姓名】', '黄']);
    expect(nodes(d).find((n) => n.text === '黄')!.marks).toEqual([{ type: 'highlight', attrs: { color: '#ffee00' } }]);
  });

  it('always gives a valid document', () => {
    for (const html of ['', '   ', '<', '<p', '</p>', '<table><td>x', '<li>stray</li>', '<tr><td>a</td></tr>', '<ul>text</ul>', '\u0000']) {
      clean(htmlToDoc(html));
    }
    expect(htmlToDoc('')).toEqual(doc(p()));
  });

  it('flattens nesting deeper than the limit instead of failing', () => {
    const lists = '<ul><li>x'.repeat(40) + '</li></ul>'.repeat(40);
    const d = clean(htmlToDoc(lists));
    expect(docToText(d).replace(/\s/g, '')).toBe('x'.repeat(40));
    const divs = '<div>'.repeat(20_000) + '深' + '</div>'.repeat(20_000);
    expect(clean(htmlToDoc(divs))).toEqual(doc(p(t('深'))));
    const quotes = '<blockquote>'.repeat(500) + 'q' + '</blockquote>'.repeat(500);
    expect(docToText(clean(htmlToDoc(quotes)))).toBe('q');
  });

  it('cuts content over the size limits', () => {
    const big = htmlToDoc(`<p>${'字'.repeat(MAX_TEXT + 500)}</p><p>tail</p>`);
    clean(big);
    expect(docToText(big).length).toBe(MAX_TEXT);
    const many = htmlToDoc('<p>a</p>'.repeat(MAX_NODES));
    clean(many);
    expect(many.content.length).toBeLessThan(MAX_NODES / 2);
  });
});

describe('docToText / countChars / textToDoc', () => {
  it('separates blocks by newlines and cells by tabs', () => {
    const d = doc(
      { type: 'heading', attrs: { level: 1 }, content: [t('标题')] },
      p(t('一'), { type: 'hardBreak' }, t('二')),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('项'))] }] },
      { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [p(t('a')), p(t('b'))] }, { type: 'tableCell', content: [p(t('c'))] }] }] },
      { type: 'image', attrs: { src: '/api/x.png' } },
      p(),
      p(t('尾')),
    );
    expect(docToText(d)).toBe('标题\n一\n二\n项\na b\tc\n\n尾');
  });

  it('counts non-whitespace characters', () => {
    expect(countChars('')).toBe(0);
    expect(countChars(' 中 文\n\tab\u3000c ')).toBe(5);
    expect(countChars('😀 x')).toBe(2);
  });

  it("counts an astral character and an emoji once, the editor's 字数 and the stored one alike", () => {
    const d = doc(p(t('𠀀字 😀')), { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [p(t('👍🏽'))] }] }] });
    // the editor's head line counts the ProseMirror document's textContent (web SectionBody); the server stores
    // countChars(docToText(doc)) (bid/writing): both must show 3 + 2 (👍🏽 is two code points)
    const editorCount = countChars(editorSchema().nodeFromJSON(d).textContent);
    const storedCount = countChars(docToText(d));
    expect(editorCount).toBe(5);
    expect(storedCount).toBe(editorCount);
    expect(countChars('𠀀')).toBe(1);
    expect(countChars('\u{20000}\u{1F600}')).toBe(2);
    // a lone surrogate is still one character
    expect(countChars('\uD840x')).toBe(2);
  });

  it('makes one paragraph per line with placeholders highlighted', () => {
    const d = clean(textToDoc('第一行\r\n\n  第二行【待填写：日期】  \n<script>x</script>'));
    expect(d).toEqual(doc(p(t('第一行')), p(t('第二行'), t('【待填写：日期】', [{ type: 'highlight' }])), p(t('<script>x</script>'))));
    expect(textToDoc('')).toEqual(doc(p()));
    expect(docToText(textToDoc('a\nb'))).toBe('a\nb');
  });
});
