import { useId } from 'react';
import { formatTime, WEEK_DAYS, type OpeningHours, type TimeRange } from '../../../shared/hours.ts';
import type { Language } from '../../../shared/language.ts';
import { pickText, textLangAttrs } from './text-lang.ts';
import { useLang, useT } from '../hooks.ts';

const rangeText = (r: TimeRange, lang: Language) => `${formatTime(r.from, lang)} – ${formatTime(r.to, lang)}`;

/**
 * The week's opening hours (Saudi time), Sunday first. Pages are rendered once per content version
 * and kept, so nothing here depends on the clock: "Open now" or "Closed now" and today's row are
 * written in the browser by the open-now island (src/web/public/islands/open-now.ts), from the
 * hours this card carries in `data-hours`.
 */
export function OpeningHoursCard({ hours, noteAr, noteEn }: { hours: OpeningHours; noteAr: string; noteEn: string }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const note = pickText(noteAr, noteEn, lang);
  return (
    <section
      className="contact-card contact-hours"
      aria-labelledby={`${id}-h`}
      data-island="open-now"
      data-hours={JSON.stringify(hours)}
    >
      <h2 className="section-title-sm" id={`${id}-h`}>
        {t.contact.hoursLabel}
      </h2>
      {/* Room kept for the status line, so that nothing moves when the browser fills it in. */}
      <p className="hours-now" />
      <table className="hours-table">
        <caption className="visually-hidden">{`${t.contact.hoursLabel} (${t.contact.hoursZone})`}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t.contact.dayColumn}</th>
            <th scope="col">{t.contact.hoursColumn}</th>
          </tr>
        </thead>
        <tbody>
          {WEEK_DAYS.map((day, i) => (
            <tr key={day}>
              <th scope="row">
                <span>{t.contact.days[i]}</span>
              </th>
              <td>
                {hours[day].length === 0 ? (
                  <span className="hours-closed">{t.contact.closed}</span>
                ) : (
                  <span className="hours-ranges">
                    {hours[day].map((r) => (
                      <span key={r.from} className="hours-range">
                        {rangeText(r, lang)}
                      </span>
                    ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hours-zone">{t.contact.hoursZone}</p>
      {note.text && (
        <p className="hours-note" {...textLangAttrs(note.language, lang)}>
          {note.text}
        </p>
      )}
    </section>
  );
}
