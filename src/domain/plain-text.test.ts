import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './plain-text';

describe('hasControlCharacters', () => {
  it.each([
    ['María José Núñez', 'single-line', false],
    ['O’Connor – Peluquería «Ébano» 💇', 'single-line', false],
    ['', 'single-line', false],
    [null, 'single-line', false],
    ['Ana\r\nX-INJECTED:1', 'single-line', true],
    ['Ana\nB', 'single-line', true],
    ['Ana\rB', 'single-line', true],
    ['Ana\tB', 'single-line', true],
    ['Ana\u001b[31m', 'single-line', true],
    ['Ana\u0000', 'single-line', true],
    ['Ana\u007f', 'single-line', true],
    ['Ana\u0085B', 'single-line', true],
    ['Ana\u2028B', 'single-line', true],
    ['Ana\u2029B', 'single-line', true],
    ['Primera línea\nSegunda\r\n\tcon sangría', 'multi-line', false],
    ['Nota\u001b[2J', 'multi-line', true],
    ['Nota\u0007', 'multi-line', true],
    ['Nota\u000b', 'multi-line', true],
    ['Nota\u2028', 'multi-line', true],
  ] as const)('%j (%s) -> %s', (text, kind, expected) => {
    expect(hasControlCharacters(text, kind)).toBe(expected);
  });
});
