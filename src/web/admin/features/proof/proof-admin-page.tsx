import { useId, useState, type FormEvent } from 'react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader, TextArea, TextField } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { contact, trustProof, type ProofFields, type ProofQuote, type TrustProof } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { undoEdit } from '../../lib/undo.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { PROOF_LINK_FIELDS } from '../../../../shared/schemas.ts';
import { HistoryLink } from '../../app/history-link.tsx';
import { PROOF_LINK_WORDS } from './proof-words.ts';

const FIGURES = ['yearsInBusiness', 'jobsDone', 'citiesServed'] as const;
type Figure = (typeof FIGURES)[number];
type Text = 'guaranteeAr' | 'guaranteeEn' | 'crNumber' | 'vatNumber' | 'reviewsLink' | 'crCheckLink' | 'vatCheckLink';

/** The form's values: figures as typed (Arabic digits too), quotes with a key that stays while they move. */
interface Draft extends Record<Figure, string>, Record<Text, string> {
  quotes: (ProofQuote & { key: string })[];
}

let keys = 0;
const toDraft = (p: TrustProof): Draft => ({
  yearsInBusiness: p.yearsInBusiness === null ? '' : String(p.yearsInBusiness),
  jobsDone: p.jobsDone === null ? '' : String(p.jobsDone),
  citiesServed: p.citiesServed === null ? '' : String(p.citiesServed),
  guaranteeAr: p.guaranteeAr,
  guaranteeEn: p.guaranteeEn,
  crNumber: p.crNumber,
  vatNumber: p.vatNumber,
  reviewsLink: p.reviewsLink,
  crCheckLink: p.crCheckLink,
  vatCheckLink: p.vatCheckLink,
  quotes: p.quotes.map((q) => ({ ...q, key: q.id || `new-${++keys}` })),
});

/** "١٢" and "12" alike; '' is no figure; anything else is sent as typed, for the server to name. */
const toFigure = (typed: string): number | null | string => {
  const latin = typed
    .trim()
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[,\u066C\s]/g, '');
  if (latin === '') return null;
  return /^[0-9]+$/.test(latin) ? Number(latin) : typed;
};

const toFields = (d: Draft): ProofFields => ({
  ...(Object.fromEntries(FIGURES.map((f) => [f, toFigure(d[f])])) as Record<Figure, number | null>),
  guaranteeAr: d.guaranteeAr,
  guaranteeEn: d.guaranteeEn,
  crNumber: d.crNumber,
  vatNumber: d.vatNumber,
  quotes: d.quotes.map(({ key: _k, ...q }) => q),
  reviewsLink: d.reviewsLink,
  crCheckLink: d.crCheckLink,
  vatCheckLink: d.vatCheckLink,
});

const same = (a: Draft, b: Draft) => JSON.stringify(toFields(a)) === JSON.stringify(toFields(b));

/**
 * /admin/proof: the figures, the guarantee, the registration numbers and the customer quotes the
 * public pages show. One form, one Save; a refused value is said under its field (the server's
 * message names the field first, a quote's as quotes.N.field).
 */
export function ProofAdminPage() {
  const { t, say, lang } = useLanguage();
  const w = PROOF_LINK_WORDS[lang];
  useTitle(t.nav.proof);
  const id = useId();
  const loaded = useLoad((signal) => trustProof.get({ signal }), 'proof');
  const cities = useLoad((signal) => contact.get({ signal }).then((c) => c.citiesAr.length), 'contact-cities');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const saved = loaded.data ? toDraft(loaded.data) : null;
  const values = draft ?? saved;
  const dirty = draft !== null && saved !== null && !same(draft, saved);
  useUnsavedGuard(dirty);

  const change = (update: (d: Draft) => Draft) =>
    setDraft((d) => {
      const base = d ?? saved;
      return base ? update(base) : d;
    });
  const setQuote = (i: number, k: keyof ProofQuote, value: string) =>
    change((d) => ({ ...d, quotes: d.quotes.map((q, j) => (j === i ? { ...q, [k]: value } : q)) }));
  const move = (i: number, by: number) =>
    change((d) => {
      const quotes = [...d.quotes];
      const [q] = quotes.splice(i, 1);
      quotes.splice(i + by, 0, q!);
      return { ...d, quotes };
    });
  const remove = (i: number) => change((d) => ({ ...d, quotes: d.quotes.filter((_, j) => j !== i) }));
  const add = () => {
    change((d) => ({
      ...d,
      quotes: [...d.quotes, { key: `new-${++keys}`, id: '', textAr: '', textEn: '', name: '', cityAr: '', cityEn: '' }],
    }));
    const n = values?.quotes.length ?? 0;
    requestAnimationFrame(() => document.getElementById(`${id}-quotes.${n}.textAr`)?.focus());
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!values || saving) return;
    const local = FIGURES.find((f) => typeof toFigure(values[f]) === 'string');
    if (local) {
      setProblem({ field: local, message: t.wholeNumber });
      document.getElementById(`${id}-${local}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await trustProof.save(toFields(values), loaded.data?.updatedAt ?? '');
      loaded.set(answer.data);
      setDraft(null);
      setProblem(null);
      notify.undoable(answer.message, () => undoEdit('proof', answer.data.updatedAt));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        const named = err.status === 400 ? err.message.split(' ', 1)[0]! : '';
        const field = named !== '' && document.getElementById(`${id}-${named}`) ? named : null;
        setProblem({ field, message: say(err.message) });
        if (field) document.getElementById(`${id}-${field}`)?.focus();
      }
      notify.failure(err);
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (name: string) => (problem?.field === name ? problem.message : undefined);
  const text = (name: Text | Figure) => ({
    id: `${id}-${name}`,
    value: values?.[name] ?? '',
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => change((d) => ({ ...d, [name]: e.target.value })),
  });
  const quoteField = (i: number, k: keyof ProofQuote) => ({
    id: `${id}-quotes.${i}.${k}`,
    value: values?.quotes[i]?.[k] ?? '',
    error: errorOf(`quotes.${i}.${k}`),
    onChange: (e: { target: { value: string } }) => setQuote(i, k, e.target.value),
  });
  const figure = (name: Figure, label: string, max: number, hint?: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      maxLength={String(max).length + 2}
      hint={hint}
      {...text(name)}
    />
  );

  return (
    <>
      <PageHeader title={t.nav.proof} intro={t.proofIntro} actions={<HistoryLink item="proof" />} />
      <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
      {values && (
        <form className="proof-form" onSubmit={save} noValidate>
          <section className="panel" aria-labelledby={`${id}-figures`}>
            <h2 className="section-title" id={`${id}-figures`}>
              {t.figuresTitle}
            </h2>
            <p className="field-hint">{t.figuresHint}</p>
            <div className="contact-grid">
              {figure('yearsInBusiness', t.yearsInBusiness, LIMITS.years)}
              {figure('jobsDone', t.jobsDone, LIMITS.jobs)}
              {figure(
                'citiesServed',
                t.citiesServed,
                LIMITS.citiesServed,
                cities.data ? t.citiesServedHint(cities.data) : undefined,
              )}
            </div>
          </section>
          <section className="panel" aria-labelledby={`${id}-guarantee`}>
            <h2 className="section-title" id={`${id}-guarantee`}>
              {t.guaranteeTitle}
            </h2>
            <p className="field-hint">{t.guaranteeHint}</p>
            <div className="contact-grid">
              <TextField
                label={t.guaranteeAr}
                lang="ar"
                dir="rtl"
                maxLength={LIMITS.guarantee}
                {...text('guaranteeAr')}
              />
              <TextField
                label={t.guaranteeEn}
                lang="en"
                dir="ltr"
                maxLength={LIMITS.guarantee}
                {...text('guaranteeEn')}
              />
            </div>
          </section>
          <section className="panel" aria-labelledby={`${id}-registration`}>
            <h2 className="section-title" id={`${id}-registration`}>
              {t.registrationTitle}
            </h2>
            <div className="contact-grid">
              <TextField
                label={t.crNumber}
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                maxLength={30}
                hint={t.crHint}
                {...text('crNumber')}
              />
              <TextField
                label={t.vatNumber}
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                maxLength={40}
                hint={t.vatHint}
                {...text('vatNumber')}
              />
            </div>
          </section>
          <section className="panel" aria-labelledby={`${id}-links`}>
            <h2 className="section-title" id={`${id}-links`}>
              {w.proofLinksTitle}
            </h2>
            <p className="field-hint">{w.proofLinksHint}</p>
            <div className="contact-grid">
              {PROOF_LINK_FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={w[field]}
                  type="url"
                  inputMode="url"
                  dir="ltr"
                  autoComplete="off"
                  maxLength={LIMITS.proofLink}
                  hint={w[`${field}Hint`]}
                  {...text(field)}
                />
              ))}
            </div>
          </section>
          <section className="panel" aria-labelledby={`${id}-quotes`}>
            <h2 className="section-title" id={`${id}-quotes`}>
              {t.quotesTitle}
            </h2>
            <p className="field-hint">{t.quotesHint}</p>
            {values.quotes.length === 0 && <p className="empty">{t.noQuotes}</p>}
            <ol className="quote-list">
              {values.quotes.map((q, i) => (
                <li key={q.key}>
                  <fieldset className="lang-group quote-group">
                    <legend className="lang-legend">{t.quoteN(i + 1)}</legend>
                    <div className="contact-grid">
                      <TextArea
                        label={t.quoteTextAr}
                        rows={3}
                        lang="ar"
                        dir="rtl"
                        maxLength={LIMITS.quote}
                        {...quoteField(i, 'textAr')}
                      />
                      <TextArea
                        label={t.quoteTextEn}
                        rows={3}
                        lang="en"
                        dir="ltr"
                        maxLength={LIMITS.quote}
                        {...quoteField(i, 'textEn')}
                      />
                    </div>
                    <div className="contact-grid">
                      <TextField
                        label={t.quoteName}
                        dir="auto"
                        required
                        maxLength={LIMITS.quoteName}
                        hint={t.quoteNameHint}
                        {...quoteField(i, 'name')}
                      />
                      <TextField
                        label={t.quoteCityAr}
                        lang="ar"
                        dir="rtl"
                        maxLength={LIMITS.quoteCity}
                        {...quoteField(i, 'cityAr')}
                      />
                      <TextField
                        label={t.quoteCityEn}
                        lang="en"
                        dir="ltr"
                        maxLength={LIMITS.quoteCity}
                        {...quoteField(i, 'cityEn')}
                      />
                    </div>
                    <div className="quote-actions">
                      <Button
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={t.moveUpLabel(t.quoteN(i + 1))}
                      >
                        <ArrowUpIcon />
                        <span>{t.moveUp}</span>
                      </Button>
                      <Button
                        disabled={i === values.quotes.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={t.moveDownLabel(t.quoteN(i + 1))}
                      >
                        <ArrowDownIcon />
                        <span>{t.moveDown}</span>
                      </Button>
                      <Button variant="danger" onClick={() => remove(i)} aria-label={t.removeQuoteLabel(i + 1)}>
                        <TrashIcon />
                        <span>{t.removeQuote}</span>
                      </Button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            {values.quotes.length < LIMITS.quotes ? (
              <Button onClick={add}>
                <PlusIcon />
                {t.addQuote}
              </Button>
            ) : (
              <p className="field-hint">{t.quotesFull}</p>
            )}
          </section>
          {problem && !problem.field && (
            <p className="notice notice-error" role="alert">
              {problem.message}
            </p>
          )}
          <div className="form-actions proof-actions">
            <Button type="submit" variant="primary" busy={saving}>
              {t.save}
            </Button>
            {dirty && (
              <Button
                variant="ghost"
                disabled={saving}
                onClick={() => {
                  setDraft(null);
                  setProblem(null);
                }}
              >
                {t.cancel}
              </Button>
            )}
          </div>
        </form>
      )}
    </>
  );
}
