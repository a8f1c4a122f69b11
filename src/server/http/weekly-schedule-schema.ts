import { z } from 'zod';
import { MSG } from '../../domain/texts/common';
import { isValidTime } from '../../domain/salon-time';
import { describeScheduleError, validateWeeklySchedule, type WeeklySchedule } from '../../domain/weekly-schedule';
import { badRequest } from './errors';

// The weekly schedule of SPEC §3 as a request body part (employee availability, salon opening
// hours). zod checks the shape; the rules (end after start, breaks inside the day and apart) are
// the domain's validateWeeklySchedule, applied by assertValidSchedule so the 400 names the day.

const time = z.string({ error: MSG.scheduleInvalidTime }).refine(isValidTime, { error: MSG.scheduleInvalidTime });

const day = z.strictObject({
  isWorkingDay: z.boolean(),
  startTime: time,
  endTime: time,
  // A working day has a handful of breaks at most; the cap keeps a body from carrying thousands.
  breaks: z.array(z.strictObject({ start: time, end: time })).max(12),
});

export const weeklyScheduleSchema = z.strictObject({
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day,
  sunday: day,
});

/** 400 "Miércoles: Los descansos deben quedar dentro del horario de ese día." when a day is wrong. */
export function assertValidSchedule(schedule: WeeklySchedule): void {
  const error = validateWeeklySchedule(schedule);
  if (error) throw badRequest(describeScheduleError(error), 'invalid_schedule');
}
