import { useId, useMemo, useState } from 'react';
import { Button, LoadState, PageHeader } from '../components/ui.tsx';
import { useLanguage, useTitle } from '../i18n/language.tsx';
import { leads, type LeadResults, type LeadTotals, type Ranked } from '../lib/endpoints.ts';
import { notify } from '../lib/notify.ts';
import { useLoad } from '../lib/use-load.ts';

const PERIODS = [7, 30, 90] as const;
type Figure = 'visitors' | 'calls' | 'whatsapp' | 'emails' | 'contactsPer100';

/**
 * results: what the site brought over the last 7, 30 or 90 days (issue 24). Every figure is a sum
 * of the CSV's rows for the same days, which the Download CSV button fetches.
 */
export function ResultsPage() {
  const { t, lang } = useLanguage();
  const r = t.results;
  useTitle(t.nav.results);
  const [days, setDays] = useState<number>(7);
  const data = useLoad((signal) => leads.results(days, lang, { signal }), `results-${days}`);
  const number = useMemo(() => new Intl.NumberFormat(lang === 'ar' ? 'ar' : 'en', { maximumFractionDigits: 1 }), [lang]);
  const [saving, setSaving] = useState(false);

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
  return (
    <section className="results" aria-labelledby="page-title">
      <PageHeader
        title={t.nav.results}
        intro={r.intro}
        actions={result && <a className="btn btn-secondary" href={leads.csvUrl(result.from, result.to)} download>{r.downloadCsv}</a>}
      />
      <div className="results-periods" role="group" aria-label={r.period}>
        {PERIODS.map((n) => (
          <Button key={n} small variant={n === days ? 'primary' : 'secondary'} aria-pressed={n === days} onClick={() => setDays(n)}>
            {r.days(number.format(n))}
          </Button>
        ))}
      </div>
      <LoadState loading={!result && !data.error} error={data.error} onRetry={data.reload} />
      {result && (
        <>
          <Totals totals={result.totals} previous={result.previous} format={number.format} />
          <DailyChart result={result} format={number.format} />
          <div className="results-lists">
            <TopList title={r.pages} rows={result.pages} label={(row) => (row.title ? r.product(row.title) : r.pageNames[row.key.replace(/\?.*$/, '')] ?? row.key)} format={number.format} />
            <TopList title={r.sources} rows={result.sources} label={(row) => (row.key === 'direct' ? r.direct : row.key)} format={number.format} />
            <TopList title={r.languages} rows={result.languages} label={(row) => r.languageNames[row.key] ?? row.key} format={number.format} />
            <TopList title={r.devices} rows={result.devices} label={(row) => r.deviceNames[row.key] ?? row.key} format={number.format} />
          </div>
          <label className="results-weekly">
            <input type="checkbox" checked={result.weeklyEmail} disabled={saving} onChange={(e) => void setWeekly(e.target.checked)} />
            <span>{r.weeklyEmail}</span>
          </label>
        </>
      )}
    </section>
  );
}

function Totals({ totals, previous, format }: { totals: LeadTotals; previous: LeadTotals; format: (n: number) => string }) {
  const { t } = useLanguage();
  const r = t.results;
  const figures: { key: Figure; label: string }[] = [
    { key: 'visitors', label: r.visitors }, { key: 'calls', label: r.calls }, { key: 'whatsapp', label: r.whatsapp },
    { key: 'emails', label: r.emails }, { key: 'contactsPer100', label: r.per100 },
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
        </div>
      ))}
    </dl>
  );
}

const WIDTH = 600;
const HEIGHT = 160;

/** Visitors (bars) and contacts (a line) per day, as SVG; the table behind it is what screen readers read. */
function DailyChart({ result, format }: { result: LeadResults; format: (n: number) => string }) {
  const { t, lang } = useLanguage();
  const r = t.results;
  const titleId = useId();
  const days = result.daily;
  const top = Math.max(1, ...days.map((d) => Math.max(d.visitors, d.contacts)));
  const step = WIDTH / days.length;
  const y = (n: number) => HEIGHT - (n / top) * (HEIGHT - 10);
  const dayName = new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const line = days.map((d, i) => `${(i + 0.5) * step},${y(d.contacts)}`).join(' ');
  return (
    <figure className="results-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>
        {r.chartTitle} <span className="results-key results-key-visitors">{r.visitors}</span> <span className="results-key results-key-contacts">{r.contacts}</span>
      </figcaption>
      {/* Drawn left to right in both languages (days read like a calendar row); the table below reads in order. */}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="presentation" aria-hidden="true" style={{ direction: "ltr" }} preserveAspectRatio="none">
        {days.map((d, i) => (
          <rect key={d.day} className="results-bar" x={i * step + step * 0.15} width={step * 0.7} y={y(d.visitors)} height={HEIGHT - y(d.visitors)} />
        ))}
        <polyline className="results-line" points={line} fill="none" />
      </svg>
      <table className="visually-hidden">
        <caption>{r.chartTitle}</caption>
        <thead><tr><th scope="col">{r.day}</th><th scope="col">{r.visitors}</th><th scope="col">{r.contacts}</th></tr></thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}><th scope="row">{dayName.format(new Date(`${d.day}T00:00:00Z`))}</th><td>{format(d.visitors)}</td><td>{format(d.contacts)}</td></tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function TopList({ title, rows, label, format }: { title: string; rows: Ranked[]; label: (row: Ranked) => string; format: (n: number) => string }) {
  const { t } = useLanguage();
  const r = t.results;
  return (
    <section className="results-list">
      <h2>{title}</h2>
      {rows.length === 0 ? <p className="results-none">{r.none}</p> : (
        <table>
          <thead>
            <tr><th scope="col">{title}</th><th scope="col">{r.contacts}</th><th scope="col">{r.calls}</th><th scope="col">{r.whatsapp}</th><th scope="col">{r.visitors}</th></tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" dir="auto">{label(row)}</th>
                <td>{format(row.contacts)}</td><td>{format(row.calls)}</td><td>{format(row.whatsapp)}</td><td>{format(row.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
