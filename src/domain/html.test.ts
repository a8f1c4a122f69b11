import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it.each([
    ['Lucía Pérez', 'Lucía Pérez'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['"><script>', '&quot;&gt;&lt;script&gt;'],
    ["O'Brien & Hijos", 'O&#39;Brien &amp; Hijos'],
    ['&amp;', '&amp;amp;'],
    ['https://auna.test/a?x=1&y=2', 'https://auna.test/a?x=1&amp;y=2'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
