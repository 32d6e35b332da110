import { useId, useState } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../../components/icons.tsx';
import { BilingualFields } from '../../components/bilingual-fields.tsx';
import { Button } from '../../components/ui.tsx';
import { ListAndForm, useItemEditor } from '../../components/list-and-form.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { cards, cities, faqs, type Card, type City, type Faq, type FaqInput } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
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
  const { lang, t } = useLanguage();
  const w = FAQ_WORDS[lang];
  useTitle(t.nav.faq);
  const id = useId();
  const list = useLoad((signal) => faqs.list({ signal }), 'faq');
  const cityList = useLoad((signal) => cities.list({ signal }), 'cities');
  const products = useLoad((signal) => cards.list('product', { signal }), 'products');
  const [moving, setMoving] = useState<string | null>(null);
  const editor = useItemEditor({
    id,
    form: 'faq',
    list,
    blank: EMPTY,
    toDraft,
    first: 'questionAr',
    // The page a question shows on is chosen in one select.
    aliases: { cityId: 'place', cardId: 'place' },
    send: (draft, faq: Faq | null) =>
      faq ? faqs.save(faq._id, toInput(draft, faq.updatedAt)) : faqs.add(toInput(draft)),
  });
  const draft = editor.values ?? EMPTY;
  const change = (update: Partial<Draft>) => editor.change((d) => ({ ...d, ...update }));
  const remove = (faq: Faq) =>
    void editor.remove(
      faq,
      { title: w.confirmTitle, body: w.confirmBody(questionOf(faq)), confirmLabel: w.removeShort, danger: true },
      async () => {
        notify.success((await faqs.remove(faq._id)).message);
      },
    );

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

  const field = editor.field;
  const placeError = editor.errorOf('place');
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
    <ListAndForm
      title={t.nav.faq}
      intro={w.intro}
      words={w}
      list={list}
      editor={editor}
      ordered
      listClass="faq-admin-list"
      nameOf={questionOf}
      row={(f, i) => {
        const place = where(f);
        const q = questionOf(f);
        return {
          headingDir: 'auto',
          hint: (
            <>
              {place.href ? (
                <a href={place.href} target="_blank" rel="noopener noreferrer">
                  {place.text}
                </a>
              ) : (
                place.text
              )}{' '}
              · <span className={f.enabled ? 'badge badge-ok' : 'badge badge-warn'}>{f.enabled ? w.on : w.off}</span>
            </>
          ),
          actions: (
            <>
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
            </>
          ),
        };
      }}
      onRemove={remove}
      fields={
        <>
          <div className="contact-grid">
            <BilingualFields
              name="question"
              words={w}
              field={field}
              maxLength={LIMITS.faqQuestion}
              required
              hintEn={w.englishHint}
            />
            <BilingualFields
              name="answer"
              words={w}
              field={field}
              maxLength={LIMITS.faqAnswer}
              rows={6}
              required
              hintAr={w.answerHint}
            />
          </div>
          <label className="field-label" htmlFor={`${id}-place`}>
            {w.place}
          </label>
          <select
            id={`${id}-place`}
            className="input"
            value={draft.place}
            aria-describedby={`${id}-place-hint${placeError ? ` ${id}-place-error` : ''}`}
            aria-invalid={placeError !== undefined || undefined}
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
            {editor.item && draft.place === placeOf(editor.item) && where(editor.item).text === w.gone && (
              <option value={placeOf(editor.item)}>{w.gone}</option>
            )}
          </select>
          <p className="field-hint" id={`${id}-place-hint`}>
            {w.placeHint}
          </p>
          {placeError && (
            <p className="field-error" id={`${id}-place-error`}>
              {placeError}
            </p>
          )}
          <label className="check-row">
            <input type="checkbox" checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
            <span>{w.enabled}</span>
          </label>
        </>
      }
    />
  );
}
