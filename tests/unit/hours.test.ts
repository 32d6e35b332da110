import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTime, hoursProblem, hoursStatus, mapsHref, riyadhClock, type OpeningHours } from '../../src/shared/hours.ts';
import { parseLocation } from '../../src/web/admin/lib/hours-text.ts';

const week = (ranges: OpeningHours['sun'], fri: OpeningHours['sun'] = []): OpeningHours =>
  ({ sun: ranges, mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri, sat: ranges });
const split = [{ from: '08:00', to: '12:00' }, { from: '16:00', to: '22:00' }];
/** A moment given in Riyadh time (UTC+3): 2026-11-22 is a Sunday. */
const riyadh = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);

describe('opening hours', () => {
  it('reads the clock in Riyadh whatever the time zone of the machine', () => {
    assert.deepEqual(riyadhClock(new Date('2026-11-21T22:30:00Z')), { day: 0, minutes: 90 }, 'Saturday 22:30 UTC is Sunday 01:30 in Riyadh');
  });

  it('says open until the end of the current range, and when a closed business opens next', () => {
    const hours = week(split);
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-22', '09:15')), { open: true, change: { time: '12:00', day: 'sun', inDays: 0 } });
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-22', '12:00')), { open: false, change: { time: '16:00', day: 'sun', inDays: 0 } }, 'closing time is closed');
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-22', '23:00')), { open: false, change: { time: '08:00', day: 'mon', inDays: 1 } });
    // Thursday night: Friday is closed, so Saturday morning.
    assert.deepEqual(hoursStatus(hours, riyadh('2026-11-26', '22:30')), { open: false, change: { time: '08:00', day: 'sat', inDays: 2 } });
    assert.deepEqual(hoursStatus(week([]), riyadh('2026-11-22', '10:00')), { open: false });
  });

  it('refuses a range that ends before it starts and ranges that overlap, naming the field', () => {
    assert.equal(hoursProblem(week(split)), undefined);
    assert.equal(hoursProblem(week(split, [{ from: '16:00', to: '08:00' }]))?.field, 'hours.fri.0.to');
    assert.equal(hoursProblem(week([{ from: '08:00', to: '13:00' }, { from: '12:00', to: '22:00' }]))?.field, 'hours.sun.1.from');
    assert.equal(hoursProblem(week([{ from: '08:00', to: '12:00' }, { from: '12:00', to: '22:00' }])), undefined, 'touching is not overlapping');
  });

  it('writes times as people read them in each language', () => {
    assert.equal(formatTime('08:05', 'en'), '8:05\u00a0AM');
    assert.equal(formatTime('12:00', 'en'), '12:00\u00a0PM');
    assert.equal(formatTime('00:30', 'en'), '12:30\u00a0AM');
    assert.equal(formatTime('16:00', 'ar'), '4:00\u00a0م');
  });

  it('links to the maps app by coordinates, else by the address', () => {
    assert.equal(mapsHref({ lat: 24.7136, lng: 46.6753 }, 'ignored'), 'https://www.google.com/maps/search/?api=1&query=24.7136,46.6753');
    assert.equal(mapsHref(null, 'King Fahd Rd,  Riyadh'), 'https://www.google.com/maps/search/?api=1&query=King%20Fahd%20Rd%2C%20Riyadh');
  });

  it('finds the coordinates in what the owner pastes', () => {
    assert.deepEqual(parseLocation('24.7136, 46.6753'), { lat: 24.7136, lng: 46.6753 });
    assert.deepEqual(parseLocation('https://www.google.com/maps/@21.4858,39.1925,15z'), { lat: 21.4858, lng: 39.1925 });
    assert.equal(parseLocation('Riyadh'), undefined);
    assert.equal(parseLocation('124.1, 46.6'), undefined, 'off the globe');
  });
});
