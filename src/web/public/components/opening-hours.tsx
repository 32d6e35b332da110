import { useId, useSyncExternalStore } from 'react';
import { formatTime, hoursStatus, riyadhClock, WEEK_DAYS, type OpeningHours, type TimeRange } from '../../../shared/hours.ts';
import type { Language } from '../../../shared/language.ts';
import { pickText, textLangAttrs } from './text-lang.ts';
import { useLang, useT } from '../hooks.ts';

/**
 * "Now" in minutes, read only in the browser. Pages are rendered once per content version and kept,
 * so anything that depends on the clock (open now, today's row) must not be in the server's HTML:
 * the server snapshot is null, and the browser fills it in right after hydration and every half minute.
 */
const subscribe = (tick: () => void) => {
  const timer = setInterval(tick, 30_000);
  return () => clearInterval(timer);
};
const minuteNow = () => Math.floor(Date.now() / 60_000);
const useMinute = (): number | null => useSyncExternalStore(subscribe, minuteNow, () => null);

const rangeText = (r: TimeRange, lang: Language) => `${formatTime(r.from, lang)} – ${formatTime(r.to, lang)}`;

/** The week's opening hours (Saudi time), Sunday first, with "Open now" or "Closed now" once in the browser. */
export function OpeningHoursCard({ hours, noteAr, noteEn }: { hours: OpeningHours; noteAr: string; noteEn: string }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const minute = useMinute();
  const now = minute === null ? null : new Date(minute * 60_000);
  const today = now ? riyadhClock(now).day : -1;
  const status = now ? hoursStatus(hours, now) : null;
  const note = pickText(noteAr, noteEn, lang);
  let statusText = '';
  if (status) {
    const { open, change } = status;
    const detail = !change ? ''
      : open ? t.contact.until(formatTime(change.time, lang))
        : t.contact.opens(t.contact.days[WEEK_DAYS.indexOf(change.day)]!, formatTime(change.time, lang), change.inDays);
    statusText = [open ? t.contact.openNow : t.contact.closedNow, detail].filter(Boolean).join(' · ');
  }
  return (
    <section className="contact-card contact-hours" aria-labelledby={`${id}-h`}>
      <h2 className="section-title-sm" id={`${id}-h`}>{t.contact.hoursLabel}</h2>
      {/* Room kept for the status line, so that nothing moves when the browser fills it in. */}
      <p className="hours-now" data-open={status ? String(status.open) : undefined}>{statusText}</p>
      <table className="hours-table">
        <caption className="visually-hidden">{`${t.contact.hoursLabel} (${t.contact.hoursZone})`}</caption>
        <thead className="visually-hidden">
          <tr><th scope="col">{t.contact.dayColumn}</th><th scope="col">{t.contact.hoursColumn}</th></tr>
        </thead>
        <tbody>
          {WEEK_DAYS.map((day, i) => (
            <tr key={day} className={i === today ? 'is-today' : undefined} aria-current={i === today ? 'date' : undefined}>
              <th scope="row">
                <span>{t.contact.days[i]}</span>
                {i === today && <span className="today-badge">{t.contact.today}</span>}
              </th>
              <td>
                {hours[day].length === 0
                  ? <span className="hours-closed">{t.contact.closed}</span>
                  : <span className="hours-ranges">{hours[day].map((r) => <span key={r.from} className="hours-range">{rangeText(r, lang)}</span>)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hours-zone">{t.contact.hoursZone}</p>
      {note.text && <p className="hours-note" {...textLangAttrs(note.language, lang)}>{note.text}</p>}
    </section>
  );
}
