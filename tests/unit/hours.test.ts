import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTime, hoursProblems, hoursStatus, riyadhClock, type OpeningHours } from '../../src/shared/hours.ts';

const week = (ranges: OpeningHours['sun'], fri: OpeningHours['sun'] = []): OpeningHours => ({
  sun: ranges,
  mon: ranges,
  tue: ranges,
  wed: ranges,
  thu: ranges,
  fri,
  sat: ranges,
});
const split = [
  { from: '08:00', to: '12:00' },
  { from: '16:00', to: '22:00' },
];
/** A moment given in Riyadh time (UTC+3): 2026-11-22 is a Sunday. */
const riyadh = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);

describe('opening hours', () => {
  it('reads the clock in Riyadh whatever the time zone of the machine', () => {
    assert.deepEqual(
      riyadhClock(new Date('2026-11-21T22:30:00Z')),
      { day: 0, minutes: 90 },
      'Saturday 22:30 UTC is Sunday 01:30 in Riyadh',
    );
  });

  it('says open until the end of the current range, and when a closed business opens next', () => {
    const hours = week(split);
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-22', '09:15')), {
      open: true,
      change: { time: '12:00', day: 'sun', inDays: 0 },
    });
    assert.deepEqual(
      hoursStatus(hours, riyadh('2026-11-22', '12:00')),
      { open: false, change: { time: '16:00', day: 'sun', inDays: 0 } },
      'closing time is closed',
    );
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-22', '23:00')), {
      open: false,
      change: { time: '08:00', day: 'mon', inDays: 1 },
    });
    // Thursday night: Friday is closed, so Saturday morning.
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-26', '22:30')), {
      open: false,
      change: { time: '08:00', day: 'sat', inDays: 2 },
    });
    assert.deepEqual(hoursStatus(week([]), riyadh('2026-11-22', '10:00')), { open: false });
  });

  it('refuses ranges that overlap, an empty range, and a first range past midnight before a second, naming each field', () => {
    const fields = (hours: OpeningHours) => hoursProblems(hours).map((p) => p.field);
    assert.deepEqual(fields(week(split)), []);
    assert.deepEqual(
      fields(week(split, [{ from: '16:00', to: '01:00' }])),
      [],
      'closing after midnight is a range of its own',
    );
    assert.deepEqual(
      fields(week(split, [{ from: '16:00', to: '16:00' }])),
      ['hours.fri.0.to'],
      'closing when it opens says nothing',
    );
    assert.deepEqual(
      fields(
        week(split, [
          { from: '16:00', to: '01:00' },
          { from: '02:00', to: '05:00' },
        ]),
      ),
      ['hours.fri.0.to'],
      'only the last range may run past midnight',
    );
    assert.deepEqual(
      fields(
        week([
          { from: '08:00', to: '13:00' },
          { from: '12:00', to: '22:00' },
        ]),
      ).length,
      6,
      'every day at once',
    );
    assert.equal(
      hoursProblems(
        week([
          { from: '08:00', to: '13:00' },
          { from: '12:00', to: '22:00' },
        ]),
      )[0]?.field,
      'hours.sun.1.from',
    );
    assert.deepEqual(
      fields(
        week([
          { from: '08:00', to: '12:00' },
          { from: '12:00', to: '22:00' },
        ]),
      ),
      [],
      'touching is not overlapping',
    );
    assert.deepEqual(
      fields(
        week([
          { from: '09:00', to: '13:00' },
          { from: '16:00', to: '01:00' },
        ]),
      ),
      [],
      'a split day whose evening closes after midnight',
    );
  });

  it('counts a range that closes after midnight as open until it closes, under a fixed clock', () => {
    // Sunday to Thursday 16:00–01:00, Friday closed, Saturday 09:00–13:00 and 16:00–01:00.
    const late = [{ from: '16:00', to: '01:00' }];
    const hours: OpeningHours = { ...week(late), sat: [{ from: '09:00', to: '13:00' }, ...late] };
    // Monday 00:30: still Sunday's evening.
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-23', '00:30')), {
      open: true,
      change: { time: '01:00', day: 'mon', inDays: 0 },
    });
    assert.deepEqual(
      hoursStatus(hours, riyadh('2026-11-23', '01:00')),
      { open: false, change: { time: '16:00', day: 'mon', inDays: 0 } },
      'closing time is closed',
    );
    // Sunday 23:00: open, closing tomorrow at 01:00.
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-22', '23:00')), {
      open: true,
      change: { time: '01:00', day: 'mon', inDays: 1 },
    });
    // Friday 00:30: Thursday's evening runs on, though Friday is closed.
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-27', '00:30')), {
      open: true,
      change: { time: '01:00', day: 'fri', inDays: 0 },
    });
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-27', '02:00')), {
      open: false,
      change: { time: '09:00', day: 'sat', inDays: 1 },
    });
    // Saturday 00:30: Friday was closed, so nothing runs on.
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-28', '00:30')), {
      open: false,
      change: { time: '09:00', day: 'sat', inDays: 0 },
    });
    // 18:00–00:00 closes at midnight: open at 23:59, closed at 00:00.
    const toMidnight = week([{ from: '18:00', to: '00:00' }]);
    assert.equal(hoursStatus(toMidnight, riyadh('2026-11-22', '23:59')).open, true);
    assert.equal(hoursStatus(toMidnight, riyadh('2026-11-23', '00:00')).open, false);
  });

  it('opens again next week when the one open day has passed', () => {
    const onlySunday = { ...week([]), sun: [{ from: '09:00', to: '12:00' }] };
    assert.deepEqual(hoursStatus(onlySunday, riyadh('2026-11-22', '13:00')), {
      open: false,
      change: { time: '09:00', day: 'sun', inDays: 7 },
    });
  });

  it('writes times as people read them in each language', () => {
    assert.equal(formatTime('08:05', 'en'), '8:05\u00a0AM');
    assert.equal(formatTime('12:00', 'en'), '12:00\u00a0PM');
    assert.equal(formatTime('00:30', 'en'), '12:30\u00a0AM');
    assert.equal(formatTime('16:00', 'ar'), '4:00\u00a0م');
  });
});
