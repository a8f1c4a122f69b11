import { describe, expect, it } from 'vitest';
import { clashesWith, nameKey } from './staff-names';

describe('nameKey: one name however it is spelled', () => {
  it.each([
    ['Rocío Navarro', 'rocio navarro'],
    ['  ROCÍO   NAVARRO. ', 'rocio navarro'],
    ['Núria-Peña', 'nuria pena'],
    ['...', ''],
  ])('%j -> %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe('clashesWith: another staff member’s name', () => {
  const staff = ['Rocío Navarro', 'Lucía Martín'];
  it.each([
    ['rocio navarro', true],
    ['ROCÍO NAVARRO', true],
    ['Lucia  Martin', true],
    ['Rocío', false],
    ['Rocío Navarro Gil', false],
    ['', false],
  ])('%j -> %s', (wanted, clash) => {
    expect(clashesWith(wanted, staff)).toBe(clash);
  });
});
