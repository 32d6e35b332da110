import { useId, useMemo, useState, type PointerEvent } from 'react';
import { useLanguage } from '../../i18n/language.tsx';
import type { LeadResults } from '../../lib/endpoints.ts';
import { REQUEST_RESULT_WORDS } from './results-words.ts';

const WIDTH = 600;
const HEIGHT = 160;

/** The smallest 1, 2 or 5 × 10ⁿ at least `n`: the top of the scale, so its middle is a round number too. */
function niceTop(n: number): number {
  if (n <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((m) => m * power >= n)!;
  return step * power;
}

/**
 * Which days carry a date under the chart: every day of a week, five spread over a longer period.
 * The minor ones step aside on a narrow screen, where the dates would run into each other.
 */
function labelledDays(count: number): { i: number; minor: boolean }[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => ({ i, minor: i % 2 === 1 }));
  return [0, 0.25, 0.5, 0.75, 1].map((f, n) => ({ i: Math.round(f * (count - 1)), minor: n % 2 === 1 }));
}

/**
 * Visitors (bars), contacts (a line) and quote requests (a dashed line) per day, with dated days under it and the scale beside it;
 * pointing at (or tapping) a day shows its date and figures. Drawn left to right in both languages
 * (days read like a calendar row); the table behind it is what screen readers read, in order.
 */
export function DailyChart({ result, format }: { result: LeadResults; format: (n: number) => string }) {
  const { t, lang } = useLanguage();
  const r = t.results;
  const requests = REQUEST_RESULT_WORDS[lang].requests;
  const titleId = useId();
  const hintId = useId();
  const days = result.daily;
  const [active, setActive] = useState<number | undefined>(undefined);
  const top = niceTop(Math.max(1, ...days.map((d) => Math.max(d.visitors, d.contacts, d.requests))));
  const step = WIDTH / days.length;
  const y = (n: number) => HEIGHT - (n / top) * HEIGHT;
  const locale = lang === 'ar' ? 'ar' : 'en-GB';
  const dates = useMemo(
    () => ({
      short: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
    }),
    [locale],
  );
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const line = (of: (d: (typeof days)[number]) => number) =>
    days.map((d, i) => `${(i + 0.5) * step},${y(of(d))}`).join(' ');
  const point = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const i = Math.floor(((event.clientX - box.left) / box.width) * days.length);
    setActive(Math.min(days.length - 1, Math.max(0, i)));
  };
  const shown = active === undefined ? undefined : days[active];
  const at = (i: number) => `${((i + 0.5) / days.length) * 100}%`;
  return (
    <figure className="results-chart" aria-labelledby={titleId} aria-describedby={hintId}>
      <figcaption id={titleId}>
        {r.chartTitle} <span className="results-key results-key-visitors">{r.visitors}</span>{' '}
        <span className="results-key results-key-contacts">{r.contacts}</span>{' '}
        <span className="results-key results-key-requests">{requests}</span>
      </figcaption>
      <p id={hintId} className="results-hint">
        {r.chartHint}
      </p>
      <div className="results-plot" dir="ltr" aria-hidden="true">
        <div className="results-scale" title={r.chartCount}>
          {[top, top / 2, 0].map((n) => (
            <span key={n}>{format(n)}</span>
          ))}
        </div>
        <div
          className="results-area"
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setActive(undefined)}
        >
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="presentation" preserveAspectRatio="none">
            {[0, 0.5, 1].map((f) => (
              <line key={f} className="results-grid" x1={0} x2={WIDTH} y1={HEIGHT * f} y2={HEIGHT * f} />
            ))}
            {days.map((d, i) => (
              <rect
                key={d.day}
                className={i === active ? 'results-bar results-bar-active' : 'results-bar'}
                x={i * step + step * 0.15}
                width={step * 0.7}
                y={y(d.visitors)}
                height={HEIGHT - y(d.visitors)}
              />
            ))}
            <polyline className="results-line" points={line((d) => d.contacts)} fill="none" />
            <polyline className="results-line results-line-requests" points={line((d) => d.requests)} fill="none" />
          </svg>
          {shown && active !== undefined && (
            <div
              className={`results-tip${active > days.length / 2 ? ' results-tip-end' : ''}`}
              style={{ left: at(active) }}
              dir={t.dir}
            >
              <strong>{dates.long.format(dateOf(shown.day))}</strong>
              <span>
                {r.visitors}: {format(shown.visitors)}
              </span>
              <span>
                {r.contacts}: {format(shown.contacts)}
              </span>
              <span>
                {requests}: {format(shown.requests)}
              </span>
            </div>
          )}
        </div>
        <div className="results-days" title={r.chartDays}>
          {labelledDays(days.length).map(({ i, minor }) => {
            // The first date starts under its bar and the last ends under its own, so neither runs off the chart.
            const edge = i === 0 ? 'results-day-first' : i === days.length - 1 ? 'results-day-last' : '';
            const left = i === 0 ? `${(i / days.length) * 100}%` : i === days.length - 1 ? '100%' : at(i);
            return (
              <span
                key={i}
                className={[minor ? 'results-day-minor' : '', edge].filter(Boolean).join(' ') || undefined}
                style={{ left }}
              >
                {dates.short.format(dateOf(days[i]!.day))}
              </span>
            );
          })}
        </div>
      </div>
      {/* Hidden by its wrapper: a table does not clip what overflows it, and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{r.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{r.day}</th>
              <th scope="col">{r.visitors}</th>
              <th scope="col">{r.contacts}</th>
              <th scope="col">{requests}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dates.long.format(dateOf(d.day))}</th>
                <td>{format(d.visitors)}</td>
                <td>{format(d.contacts)}</td>
                <td>{format(d.requests)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
