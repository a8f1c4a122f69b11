import { describe, expect, it } from 'vitest';
import { dayHours, hhmm, minuteAt, offStretches, placeBlock } from './day-layout';

const day = (startTime: string, endTime: string, breaks: Array<{ start: string; end: string }> = []) => ({ isWorkingDay: true, startTime, endTime, breaks });
const off = { isWorkingDay: false, startTime: '', endTime: '', breaks: [] };

describe('dayHours', () => {
  it.each([
    ['one professional', [day('09:00', '17:00')], { startMinute: 540, endMinute: 1020 }],
    ['earliest and latest of several', [day('10:00', '14:00'), day('08:30', '16:15')], { startMinute: 480, endMinute: 1020 }],
    ['days off ignored', [off, day('10:00', '14:00')], { startMinute: 600, endMinute: 840 }],
    ['nobody works', [off], { startMinute: 540, endMinute: 1200 }],
  ])('%s', (_n, days, expected) => {
    expect(dayHours(days)).toEqual(expected);
  });
});

describe('placeBlock', () => {
  const hours = { startMinute: 540, endMinute: 1140 }; // 09:00-19:00, 600 minutes
  it.each([
    [540, 600, { top: 0, height: 10 }],
    [1080, 1140, { top: 90, height: 10 }],
    [480, 570, { top: 0, height: 5 }],
    [1200, 1260, null],
  ])('%i-%i', (from, to, expected) => {
    expect(placeBlock(hours, from, to)).toEqual(expected);
  });
});

it('offStretches: before opening, breaks, after closing; a day off is all off', () => {
  const hours = { startMinute: 540, endMinute: 1200 };
  expect(offStretches(hours, day('10:00', '18:00', [{ start: '13:00', end: '14:00' }]))).toEqual([
    [540, 600],
    [780, 840],
    [1080, 1200],
  ]);
  expect(offStretches(hours, off)).toEqual([[540, 1200]]);
});

it('minuteAt snaps a click down to the slot step, inside the day', () => {
  const hours = { startMinute: 540, endMinute: 1140 };
  expect(minuteAt(hours, 0, 30)).toBe(540);
  expect(minuteAt(hours, 0.5, 30)).toBe(840);
  expect(minuteAt(hours, 1, 30)).toBe(1110);
  expect(hhmm(545)).toBe('09:05');
});
