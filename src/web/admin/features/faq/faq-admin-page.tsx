import { useId, useState, type FormEvent } from 'react';
import { ArrowDownIcon, ArrowUpIcon, EditIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader, TextArea, TextField } from '../../components/ui.tsx';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { cards, cities, faqs, type Card, type City, type Faq, type FaqInput } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { cardLink, cityPath, pagePath } from '../../../../shared/paths.ts';
import { FAQ_WORDS } from './faq-words.ts';

type Draft = Omit<FaqInput, 'cityId' | 'cardId' | 'position' | 'expectedUpdatedAt'> & {
  /** '' general, 'city:<id>' or 'card:<id>': the one select that says where the question shows. */
  place: string;
};

const EMPTY: Draft = { questionAr: '', answerAr: '', questionEn: '', answerEn: '', enabled: true, place: '' };
const placeOf = (f: Pick<Faq, 'cityId' | 'cardId'>): string =>
  f.cityId ? `city:${f.cityId}` : f.cardId ? `card:${f.cardId}` : '';
const toDraft = (f: Faq): Draft => ({
  questionAr: f.questionAr,
  answerAr: f.answerAr,
  questionEn: f.questionEn,
  answerEn: f.answerEn,
  enabled: f.enabled,
  place: placeOf(f),
});
const toInput = (d: Draft, expectedUpdatedAt?: string): FaqInput => ({
  questionAr: d.questionAr,
  answerAr: d.answerAr,
  questionEn: d.questionEn,
  answerEn: d.answerEn,
  enabled: d.enabled,
  cityId: d.place.startsWith('city:') ? d.place.slice(5) : null,
  cardId: d.place.startsWith('card:') ? d.place.slice(5) : null,
  ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}),
});

/**
 * /admin/faq: the questions and answers (decision 036). The list in the order the site shows them,
 * each with where it shows and whether it is on, moved up or down with a button; one form to add
 * or edit a question in both languages and choose its place: the questions page, a city's page or
 * a product's page.
 */
export function FaqAdminPage() {
  const { lang, t, say } = useLanguage();
  const w = FAQ_WORDS[lang];
  useTitle(t.nav.faq);
  const id = useId();
  const confirm = useConfirm();
  const list = useLoad((signal) => faqs.list({ signal }), 'faq');
  const cityList = useLoad((signal) => cities.list({ signal }), 'cities');
  const products = useLoad((signal) => cards.list('product', { signal }), 'products');
  const [editing, setEditing] = useState<{ faq: Faq | null; draft: Draft } | null>(null);
  const [saving, setSaving] = useState(false);
  const [moving, setMoving] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  useUnsavedGuard(
    editing !== null && JSON.stringify(editing.draft) !== JSON.stringify(editing.faq ? toDraft(editing.faq) : EMPTY),
  );

  const open = (faq: Faq | null) => {
    setEditing({ faq, draft: faq ? toDraft(faq) : EMPTY });
    setProblem(null);
    requestAnimationFrame(() => document.getElementById(`${id}-questionAr`)?.focus());
  };
  const change = (update: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...update } } : e));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing || saving) return;
    setSaving(true);
    try {
      const answer = editing.faq
        ? await faqs.save(editing.faq._id, toInput(editing.draft, editing.faq.updatedAt))
        : await faqs.add(toInput(editing.draft));
      notify.success(answer.message, 'faq');
      setEditing(null);
      setProblem(null);
      list.reload();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        const named = err.status === 400 ? err.message.split(/[ .:]/, 1)[0]! : '';
        const target = named === 'cityId' || named === 'cardId' ? 'place' : named;
        const field = target !== '' && document.getElementById(`${id}-${target}`) ? target : null;
        setProblem({ field, message: say(err.message) });
        if (field) document.getElementById(`${id}-${field}`)?.focus();
      }
      notify.failure(err, 'faq');
    } finally {
      setSaving(false);
    }
  };

  const remove = async (faq: Faq) => {
    if (
      !(await confirm({
        title: w.confirmTitle,
        body: w.confirmBody(questionOf(faq)),
        confirmLabel: w.removeShort,
        danger: true,
      }))
    )
      return;
    try {
      const answer = await faqs.remove(faq._id);
      notify.success(answer.message);
      if (editing?.faq?._id === faq._id) setEditing(null);
      list.reload();
    } catch (err) {
      notify.failure(err);
    }
  };

  const move = async (faq: Faq, by: -1 | 1) => {
    const ids = (list.data ?? []).map((f) => f._id);
    const at = ids.indexOf(faq._id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length || moving) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    setMoving(faq._id);
    try {
      notify.success((await faqs.order(ids)).message);
      list.reload();
    } catch (err) {
      notify.failure(err);
      list.reload();
    } finally {
      setMoving(null);
    }
  };

  const field = (name: 'questionAr' | 'answerAr' | 'questionEn' | 'answerEn') => ({
    id: `${id}-${name}`,
    value: editing?.draft[name] ?? '',
    error: problem?.field === name ? problem.message : undefined,
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
  });
  const questionOf = (f: Faq) => (lang === 'en' && f.questionEn ? f.questionEn : f.questionAr);
  const cityName = (c: City) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameAr);
  const titleOf = (p: Card) => (lang === 'en' && p.titleEn ? p.titleEn : p.title);
  /** Where a question shows, and the page's address when it is public. */
  const where = (f: Faq): { text: string; href?: string } => {
    if (f.cityId) {
      const c = cityList.data?.find((x) => x._id === f.cityId);
      if (!c) return { text: cityList.data ? w.gone : '' };
      return { text: w.onCity(cityName(c)), ...(c.published ? { href: cityPath(c.slug, lang) } : {}) };
    }
    if (f.cardId) {
      const p = products.data?.find((x) => x._id === f.cardId);
      if (!p) return { text: products.data ? w.gone : '' };
      return { text: w.onProduct(titleOf(p)), href: cardLink(p, lang) };
    }
    return { text: w.general, href: pagePath('faq', lang) };
  };
  const items = list.data ?? [];

  return (
    <>
      <PageHeader
        title={t.nav.faq}
        intro={w.intro}
        actions={
          <Button variant="primary" onClick={() => open(null)}>
            <PlusIcon />
            {w.add}
          </Button>
        }
      />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && items.length === 0 && <p className="empty">{w.empty}</p>}
      {items.length > 0 && (
        <ol className="item-list faq-admin-list">
          {items.map((f, i) => {
            const place = where(f);
            const q = questionOf(f);
            return (
              <li key={f._id} className="panel city-admin-item">
                <div>
                  <h2 className="section-title" dir="auto">
                    {q}
                  </h2>
                  <p className="field-hint">
                    {place.href ? (
                      <a href={place.href} target="_blank" rel="noopener noreferrer">
                        {place.text}
                      </a>
                    ) : (
                      place.text
                    )}{' '}
                    ·{' '}
                    <span className={f.enabled ? 'badge badge-ok' : 'badge badge-warn'}>
                      {f.enabled ? w.on : w.off}
                    </span>
                  </p>
                </div>
                <div className="quote-actions">
                  <Button
                    variant="ghost"
                    disabled={i === 0 || moving !== null}
                    onClick={() => void move(f, -1)}
                    aria-label={w.up(q)}
                  >
                    <ArrowUpIcon />
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={i === items.length - 1 || moving !== null}
                    onClick={() => void move(f, 1)}
                    aria-label={w.down(q)}
                  >
                    <ArrowDownIcon />
                  </Button>
                  <Button onClick={() => open(f)} aria-label={w.edit(q)}>
                    <EditIcon />
                    <span>{w.editShort}</span>
                  </Button>
                  <Button variant="danger" onClick={() => void remove(f)} aria-label={w.remove(q)}>
                    <TrashIcon />
                    <span>{w.removeShort}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {editing && (
        <form className="proof-form city-form" onSubmit={save} noValidate aria-labelledby={`${id}-form-title`}>
          <section className="panel">
            <h2 className="section-title" id={`${id}-form-title`}>
              {editing.faq ? w.edit(questionOf(editing.faq)) : w.add}
            </h2>
            <div className="contact-grid">
              <TextField
                label={w.questionAr}
                lang="ar"
                dir="rtl"
                required
                maxLength={LIMITS.faqQuestion}
                {...field('questionAr')}
              />
              <TextField
                label={w.questionEn}
                lang="en"
                dir="ltr"
                maxLength={LIMITS.faqQuestion}
                hint={w.englishHint}
                {...field('questionEn')}
              />
              <TextArea
                label={w.answerAr}
                rows={6}
                lang="ar"
                dir="rtl"
                required
                maxLength={LIMITS.faqAnswer}
                hint={w.answerHint}
                {...field('answerAr')}
              />
              <TextArea
                label={w.answerEn}
                rows={6}
                lang="en"
                dir="ltr"
                maxLength={LIMITS.faqAnswer}
                {...field('answerEn')}
              />
            </div>
            <label className="field-label" htmlFor={`${id}-place`}>
              {w.place}
            </label>
            <select
              id={`${id}-place`}
              className="input"
              value={editing.draft.place}
              aria-describedby={`${id}-place-hint${problem?.field === 'place' ? ` ${id}-place-error` : ''}`}
              aria-invalid={problem?.field === 'place' || undefined}
              onChange={(e) => change({ place: e.target.value })}
            >
              <option value="">{w.general}</option>
              {(cityList.data?.length ?? 0) > 0 && (
                <optgroup label={w.cities}>
                  {cityList.data!.map((c) => (
                    <option key={c._id} value={`city:${c._id}`}>
                      {cityName(c)}
                    </option>
                  ))}
                </optgroup>
              )}
              {(products.data?.length ?? 0) > 0 && (
                <optgroup label={w.products}>
                  {products.data!.map((p) => (
                    <option key={p._id} value={`card:${p._id}`}>
                      {titleOf(p)}
                    </option>
                  ))}
                </optgroup>
              )}
              {editing.faq && editing.draft.place === placeOf(editing.faq) && where(editing.faq).text === w.gone && (
                <option value={placeOf(editing.faq)}>{w.gone}</option>
              )}
            </select>
            <p className="field-hint" id={`${id}-place-hint`}>
              {w.placeHint}
            </p>
            {problem?.field === 'place' && (
              <p className="field-error" id={`${id}-place-error`}>
                {problem.message}
              </p>
            )}
            <label className="check-row">
              <input
                type="checkbox"
                checked={editing.draft.enabled}
                onChange={(e) => change({ enabled: e.target.checked })}
              />
              <span>{w.enabled}</span>
            </label>
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
            <Button
              variant="ghost"
              disabled={saving}
              onClick={() => {
                setEditing(null);
                setProblem(null);
              }}
            >
              {t.cancel}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
