/**
 * "Open now" or "Closed now", and today's row, on the contact page's opening hours. Pages are kept
 * rendered, so the server's HTML holds nothing that depends on the clock (components/opening-hours.tsx
 * draws the week, with the hours in `data-hours`); the browser writes the line from its own clock in
 * Riyadh time, at once and every half minute.
 */
import { formatTime, hoursStatus, riyadhClock, WEEK_DAYS, type OpeningHours } from '../../../shared/hours.ts';
import { HOURS_WORDS } from '../../../shared/i18n/hours-words.ts';
import type { Language } from '../../../shared/language.ts';

function openNow(card: HTMLElement): void {
  const lang: Language = document.documentElement.lang === 'en' ? 'en' : 'ar';
  const words = HOURS_WORDS[lang];
  const hours = JSON.parse(card.dataset.hours ?? 'null') as OpeningHours | null;
  const line = card.querySelector<HTMLElement>('.hours-now');
  const rows = [...card.querySelectorAll<HTMLTableRowElement>('.hours-table tbody tr')];
  if (!hours || !line) return;
  const badge = document.createElement('span');
  badge.className = 'today-badge';
  badge.textContent = words.today;

  const draw = () => {
    const now = new Date();
    const { open, change } = hoursStatus(hours, now);
    const detail = !change
      ? ''
      : open
        ? words.until(formatTime(change.time, lang))
        : words.opens(words.days[WEEK_DAYS.indexOf(change.day)]!, formatTime(change.time, lang), change.inDays);
    line.textContent = [open ? words.openNow : words.closedNow, detail].filter(Boolean).join(' · ');
    line.dataset.open = String(open);
    const today = riyadhClock(now).day;
    rows.forEach((row, i) => {
      if (i === today) {
        row.className = 'is-today';
        row.setAttribute('aria-current', 'date');
        row.querySelector('th')?.append(badge);
      } else {
        row.removeAttribute('class');
        row.removeAttribute('aria-current');
      }
    });
  };
  draw();
  setInterval(draw, 30_000);
}

document.querySelectorAll<HTMLElement>('[data-island="open-now"]').forEach(openNow);

// The page's last island says its scripts have all run (browser tests wait for it): deferred module
// scripts run in document order. Set as the script ends, not at DOMContentLoaded: a listener there
// made a long task of its own on a slow phone (Lighthouse, 4x slowdown).
const deferred = document.querySelectorAll<HTMLScriptElement>('script[type="module"]:not([async])');
if (deferred[deferred.length - 1]?.src === import.meta.url) document.documentElement.dataset.hydrated = 'true';
