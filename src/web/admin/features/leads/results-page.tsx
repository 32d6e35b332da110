import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import type { Dict } from '../../i18n/dict.ts';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { guard, leads, type LeadCity, type LeadTotals, type Ranked } from '../../lib/endpoints.ts';
import { guardWords } from '../../i18n/account-guard.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { DailyChart } from './results-chart.tsx';
import { REQUEST_RESULT_WORDS } from './results-words.ts';

const PERIODS = [7, 30, 90] as const;
type Figure = 'visitors' | 'calls' | 'whatsapp' | 'emails' | 'requests' | 'contactsPer100';
type RequestWords = (typeof REQUEST_RESULT_WORDS)['en'];

/** A page row in words: a product's or project's title, the page's name, never a raw path. */
function pageLabel(r: Dict['results'], w: RequestWords, row: Ranked): string {
  if (row.cardType && row.title !== undefined)
    return row.cardType === 'product' ? r.product(row.title) : r.project(row.title);
  if (row.key.startsWith('/card-details?')) return r.removedItem;
  if (row.key === '/request') return w.requestPage;
  if (row.key.startsWith('/cities/')) return w.cityPage(row.key.slice('/cities/'.length));
  return r.pageNames[row.key] ?? row.key;
}

function sourceLabel(r: Dict['results'], row: Ranked): string {
  if (row.key === 'direct') return r.direct;
  if (row.key === 'other') return r.otherSources;
  return row.key;
}

/**
 * results: what the site brought over the last 7, 30 or 90 days (issues 24, 31). Every figure is a
 * sum of the CSV's rows for the same days, which the Download CSV button fetches.
 */
export function ResultsPage() {
  const { t, lang } = useLanguage();
  const r = t.results;
  const w = REQUEST_RESULT_WORDS[lang];
  useTitle(t.nav.results);
  const [days, setDays] = useState<number>(7);
  const data = useLoad((signal) => leads.results(days, lang, { signal }), `results-${days}-${lang}`);
  const number = useMemo(
    () => new Intl.NumberFormat(lang === 'ar' ? 'ar' : 'en', { maximumFractionDigits: 1 }),
    [lang],
  );
  const [saving, setSaving] = useState(false);
  // The weekly summary says plainly when it cannot reach the owner (issue 31).
  const email = useLoad((signal) => guard.emailStatus(signal), 'email-status');

  const setWeekly = async (on: boolean) => {
    setSaving(true);
    try {
      await leads.setWeeklyEmail(on);
      if (data.data) data.set({ ...data.data, weeklyEmail: on });
      notify.success(on ? r.weeklyOn : r.weeklyOff);
    } catch (err) {
      notify.failure(err);
    } finally {
      setSaving(false);
    }
  };

  const result = data.data;
  // The weekly email is written in the language the owner reads the admin in.
  const emailLanguage = result?.emailLanguage;
  useEffect(() => {
    if (emailLanguage && emailLanguage !== lang) leads.setEmailLanguage(lang).catch(() => undefined);
  }, [emailLanguage, lang]);
  return (
    <section className="results" aria-labelledby="page-title">
      <PageHeader
        title={t.nav.results}
        intro={r.intro}
        actions={
          result && (
            <a className="btn btn-secondary" href={leads.csvUrl(result.from, result.to, lang)} download>
              {r.downloadCsv}
            </a>
          )
        }
      />
      <div className="results-periods" role="group" aria-label={r.period}>
        {PERIODS.map((n) => (
          <Button
            key={n}
            small
            variant={n === days ? 'primary' : 'secondary'}
            aria-pressed={n === days}
            onClick={() => setDays(n)}
          >
            {r.days(n, number.format(n))}
          </Button>
        ))}
      </div>
      <LoadState loading={!result && !data.error} error={data.error} onRetry={data.reload} />
      {result && (
        <>
          <Totals totals={result.totals} previous={result.previous} format={number.format} />
          <DailyChart result={result} format={number.format} />
          <div className="results-lists">
            <TopList
              title={r.pages}
              note={r.pagesNote}
              rows={result.pages}
              label={(row) => pageLabel(r, w, row)}
              format={number.format}
            />
            <TopList
              title={r.sources}
              note={r.sourcesNote}
              rows={result.sources}
              label={(row) => sourceLabel(r, row)}
              format={number.format}
            />
            <TopList
              title={r.languages}
              rows={result.languages}
              label={(row) => r.languageNames[row.key] ?? row.key}
              format={number.format}
            />
            <TopList
              title={r.devices}
              rows={result.devices}
              label={(row) => r.deviceNames[row.key] ?? row.key}
              format={number.format}
            />
            <CityList title={w.cities} rows={result.cities} otherCity={w.otherCity} format={number.format} />
          </div>
          <label className="results-weekly">
            <input
              type="checkbox"
              checked={result.weeklyEmail}
              disabled={saving}
              onChange={(e) => void setWeekly(e.target.checked)}
            />
            <span>{r.weeklyEmail}</span>
          </label>
          {email.data && !email.data.configured && (
            <p className="notice notice-warning" role="note">
              {guardWords[lang].weeklyNoEmail}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Totals({
  totals,
  previous,
  format,
}: {
  totals: LeadTotals;
  previous: LeadTotals;
  format: (n: number) => string;
}) {
  const { t, lang } = useLanguage();
  const r = t.results;
  const w = REQUEST_RESULT_WORDS[lang];
  const figures: { key: Figure; label: string; hint?: string }[] = [
    { key: 'visitors', label: r.visitors },
    { key: 'calls', label: r.calls, hint: r.contactsHint },
    { key: 'whatsapp', label: r.whatsapp },
    { key: 'emails', label: r.emails },
    { key: 'requests', label: w.requests, hint: w.requestsHint },
    { key: 'contactsPer100', label: r.per100(format(100)), hint: r.per100Hint },
  ];
  const change = (now: number, before: number) => {
    if (now === before) return r.noChange;
    if (before === 0) return r.newSince;
    const pct = Math.round(((now - before) / before) * 100);
    return r.change(pct > 0 ? '+' : '−', format(Math.abs(pct)));
  };
  return (
    <dl className="results-totals">
      {figures.map((f) => (
        <div key={f.key} className="results-total">
          <dt>{f.label}</dt>
          <dd className="results-figure">{format(totals[f.key])}</dd>
          <dd className="results-change">{change(totals[f.key], previous[f.key])}</dd>
          {f.hint && <dd className="results-hint">{f.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

function TopList({
  title,
  note,
  rows,
  label,
  format,
}: {
  title: string;
  note?: string;
  rows: Ranked[];
  label: (row: Ranked) => string;
  format: (n: number) => string;
}) {
  const { t, lang } = useLanguage();
  const r = t.results;
  const w = REQUEST_RESULT_WORDS[lang];
  const headingId = useId();
  return (
    <ScrollableList headingId={headingId}>
      <h2 id={headingId}>{title}</h2>
      {note && rows.length > 0 && <p className="results-hint">{note}</p>}
      {rows.length === 0 ? (
        <p className="results-none">{r.none}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{r.contacts}</th>
              <th scope="col">{w.requestsShort}</th>
              <th scope="col">{r.calls}</th>
              <th scope="col">{r.whatsapp}</th>
              <th scope="col">{r.visitors}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" dir="auto">
                  {label(row)}
                </th>
                <td>{format(row.contacts)}</td>
                <td>{format(row.requests)}</td>
                <td>{format(row.calls)}</td>
                <td>{format(row.whatsapp)}</td>
                <td>{format(row.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ScrollableList>
  );
}

/** The cities quote requests asked for (a city not served is "another city"). */
function CityList({
  title,
  rows,
  otherCity,
  format,
}: {
  title: string;
  rows: LeadCity[];
  otherCity: string;
  format: (n: number) => string;
}) {
  const { t, lang } = useLanguage();
  const w = REQUEST_RESULT_WORDS[lang];
  const headingId = useId();
  return (
    <ScrollableList headingId={headingId}>
      <h2 id={headingId}>{title}</h2>
      {rows.length === 0 ? (
        <p className="results-none">{t.results.none}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{w.requestsShort}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" dir="auto">
                  {row.key === 'other' ? otherCity : row.title}
                </th>
                <td>{format(row.requests)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ScrollableList>
  );
}

/**
 * A list whose table scrolls sideways on a narrow screen: it takes the keyboard's focus, named by its
 * heading, so that it can be scrolled without a pointer too (WCAG 2.1.1).
 */
function ScrollableList({ headingId, children }: { headingId: string; children: ReactNode }) {
  return (
    <section className="results-list" tabIndex={0} aria-labelledby={headingId}>
      {children}
    </section>
  );
}
