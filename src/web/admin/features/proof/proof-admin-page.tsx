import { useId } from 'react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { BilingualFields } from '../../components/bilingual-fields.tsx';
import { Button, LoadState, PageHeader, TextField } from '../../components/ui.tsx';
import { EditorPanel, FormActions, Problems, useEditor } from '../../components/editor-panel.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
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
  const { t, lang } = useLanguage();
  const w = PROOF_LINK_WORDS[lang];
  useTitle(t.nav.proof);
  const id = useId();
  const loaded = useLoad((signal) => trustProof.get({ signal }), 'proof');
  const cities = useLoad((signal) => contact.get({ signal }).then((c) => c.citiesAr.length), 'contact-cities');
  const editor = useEditor({
    id,
    saved: loaded.data ? toDraft(loaded.data) : null,
    same,
    check: (values) => {
      const local = FIGURES.find((f) => typeof toFigure(values[f]) === 'string');
      return local ? { field: local, message: t.wholeNumber, said: true } : null;
    },
    send: (values) => trustProof.save(toFields(values), loaded.data?.updatedAt ?? ''),
    done: (answer) => {
      loaded.set(answer.data);
      notify.undoable(answer.message, () => undoEdit('proof', answer.data.updatedAt));
    },
  });
  const { values, dirty, change } = editor;
  useUnsavedGuard(dirty);

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

  const text = (name: Text | Figure) => editor.field(name);
  const quoteField = (i: number, k: keyof ProofQuote) => ({
    id: `${id}-quotes.${i}.${k}`,
    value: values?.quotes[i]?.[k] ?? '',
    error: editor.errorOf(`quotes.${i}.${k}`),
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
        <form className="proof-form" onSubmit={editor.submit} noValidate>
          <EditorPanel id={`${id}-figures`} title={t.figuresTitle} hint={t.figuresHint}>
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
          </EditorPanel>
          <EditorPanel id={`${id}-guarantee`} title={t.guaranteeTitle} hint={t.guaranteeHint}>
            <div className="contact-grid">
              <BilingualFields name="guarantee" words={t} field={text} maxLength={LIMITS.guarantee} />
            </div>
          </EditorPanel>
          <EditorPanel id={`${id}-registration`} title={t.registrationTitle}>
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
          </EditorPanel>
          <EditorPanel id={`${id}-links`} title={w.proofLinksTitle} hint={w.proofLinksHint}>
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
          </EditorPanel>
          <EditorPanel id={`${id}-quotes`} title={t.quotesTitle} hint={t.quotesHint}>
            {values.quotes.length === 0 && <p className="empty">{t.noQuotes}</p>}
            <ol className="quote-list">
              {values.quotes.map((q, i) => (
                <li key={q.key}>
                  <fieldset className="lang-group quote-group">
                    <legend className="lang-legend">{t.quoteN(i + 1)}</legend>
                    <div className="contact-grid">
                      <BilingualFields
                        name="quoteText"
                        words={t}
                        field={(_, side) => quoteField(i, `text${side}`)}
                        maxLength={LIMITS.quote}
                        rows={3}
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
                      <BilingualFields
                        name="quoteCity"
                        words={t}
                        field={(_, side) => quoteField(i, `city${side}`)}
                        maxLength={LIMITS.quoteCity}
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
          </EditorPanel>
          <Problems said={editor.general} />
          <FormActions
            label={t.save}
            saving={editor.saving}
            className="form-actions proof-actions"
            {...(dirty ? { onCancel: editor.cancel } : {})}
          />
        </form>
      )}
    </>
  );
}
