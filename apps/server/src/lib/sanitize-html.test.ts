import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps the article tags and drops scripts, handlers, styles and foreign markup', () => {
    expect(sanitizeHtml('<p class="x" onclick="a()">一<b>二</b></p><script>bad()</script><style>p{}</style><iframe src="//x"></iframe>')).toBe('<p>一<b>二</b></p>');
    expect(sanitizeHtml('<h1>标题</h1><font color=red>红</font><img src=x onerror=alert(1)>')).toBe('<h2>标题</h2>红');
    expect(sanitizeHtml('<svg><script>x()</script></svg>正文')).toBe('正文');
    expect(sanitizeHtml('<!-- c --><p>a<!--x--></p>')).toBe('<p>a</p>');
  });

  it('keeps only safe links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/&#47;evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/\t/evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/home/direction.html">指南</a>')).toBe('<a href="/home/direction.html">指南</a>');
    expect(sanitizeHtml('<a href=\'https://a.example/?q="x"\'>x</a>')).toBe('<a href="https://a.example/?q=&quot;x&quot;" target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('escapes stray text and closes what it opened', () => {
    expect(sanitizeHtml('a < b > c & d &amp; e')).toBe('a &lt; b &gt; c &amp; d &amp; e');
    expect(sanitizeHtml('<p><strong>粗')).toBe('<p><strong>粗</strong></p>');
    expect(sanitizeHtml('<p>a</strong></p></div>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<ul><li>一<li>二</ul>')).toBe('<ul><li>一<li>二</li></li></ul>');
    expect(sanitizeHtml('<p title="a>b">x</p>')).toBe('<p>x</p>');
  });
});
