import { useId } from 'react';
import { BilingualFields } from '../../components/bilingual-fields.tsx';
import { TextField } from '../../components/ui.tsx';
import { ListAndForm, useItemEditor } from '../../components/list-and-form.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { cards, cities, type Card, type City, type CityInput } from '../../lib/endpoints.ts';
import { kindMessage } from '../../lib/kinds.ts';
import { notify } from '../../lib/notify.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { undoDelete } from '../../lib/undo.ts';
import { useLoad } from '../../lib/use-load.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { cityPath } from '../../../../shared/paths.ts';
import { CITY_WORDS } from './cities-words.ts';

type Draft = Omit<CityInput, 'position' | 'projectIds' | 'slug' | 'expectedUpdatedAt'> & {
  slug: string;
  position: string;
  projectIds: string[];
};

const EMPTY: Draft = {
  nameAr: '',
  nameEn: '',
  slug: '',
  introAr: '',
  introEn: '',
  areasAr: '',
  areasEn: '',
  phone: '',
  whatsapp: '',
  enabled: true,
  position: '',
  projectIds: [],
};
const toDraft = (c: City): Draft => ({
  nameAr: c.nameAr,
  nameEn: c.nameEn,
  slug: c.slug,
  introAr: c.introAr,
  introEn: c.introEn,
  areasAr: c.areasAr,
  areasEn: c.areasEn,
  phone: c.phone,
  whatsapp: c.whatsapp,
  enabled: c.enabled,
  position: String(c.position),
  projectIds: c.projectIds,
});
const toInput = (d: Draft, expectedUpdatedAt?: string): CityInput => ({
  nameAr: d.nameAr,
  nameEn: d.nameEn,
  introAr: d.introAr,
  introEn: d.introEn,
  areasAr: d.areasAr,
  areasEn: d.areasEn,
  phone: d.phone,
  whatsapp: d.whatsapp,
  enabled: d.enabled,
  projectIds: d.projectIds,
  ...(d.slug.trim() ? { slug: d.slug.trim() } : {}),
  ...(/^[0-9]+$/.test(d.position.trim()) ? { position: Number(d.position.trim()) } : {}),
  ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}),
});

/**
 * /admin/cities: the served cities, each with its page at /cities/<slug>. A list with each city's
 * state (published, waiting for an introduction or a project, off), and one form to add or edit a
 * city, its own text, areas, numbers and the portfolio entries done there.
 */
export function CitiesAdminPage() {
  const { lang, t } = useLanguage();
  const w = CITY_WORDS[lang];
  useTitle(t.nav.cities);
  const id = useId();
  const list = useLoad((signal) => cities.list({ signal }), 'cities');
  const projects = useLoad((signal) => cards.list('portfolio', { signal }), 'portfolio');
  const editor = useItemEditor({
    id,
    form: 'city',
    list,
    blank: EMPTY,
    toDraft,
    first: 'nameAr',
    send: (draft, city: City | null) =>
      city ? cities.save(city._id, toInput(draft, city.updatedAt)) : cities.add(toInput(draft)),
  });
  const draft = editor.values ?? EMPTY;
  const change = (update: Partial<Draft>) => editor.change((d) => ({ ...d, ...update }));
  const remove = (city: City) =>
    void editor.remove(
      city,
      {
        title: w.confirmTitle,
        body: w.confirmBody(city.nameAr, keptDays()),
        confirmLabel: w.removeShort,
        danger: true,
      },
      async () => {
        await cities.remove(city._id);
        notify.undoable(kindMessage('city', 'trashed'), async () => {
          const message = await undoDelete(city._id, 'city');
          list.reload();
          return message;
        });
      },
    );
  const field = editor.field;
  const nameOf = (c: City) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameAr);
  const state = (c: City) => (!c.enabled ? w.off : c.published ? w.published : w.notPublished);
  const titleOf = (p: Card) => (lang === 'en' && p.titleEn ? p.titleEn : p.title);

  return (
    <ListAndForm
      title={t.nav.cities}
      intro={w.intro}
      words={w}
      list={list}
      editor={editor}
      listClass="city-admin-list"
      nameOf={nameOf}
      row={(c) => ({
        hint: (
          <>
            <span dir="ltr">{cityPath(c.slug, lang)}</span> ·{' '}
            <span className={c.published ? 'badge badge-ok' : 'badge badge-warn'}>{state(c)}</span>
          </>
        ),
        actions: c.published && (
          <a className="btn btn-ghost" href={cityPath(c.slug, lang)} target="_blank" rel="noopener noreferrer">
            {w.view}
          </a>
        ),
      })}
      onRemove={remove}
      fields={
        <>
          <div className="contact-grid">
            <BilingualFields name="name" words={w} field={field} maxLength={LIMITS.city} required />
            <TextField
              label={w.slug}
              dir="ltr"
              autoComplete="off"
              maxLength={60}
              hint={w.slugHint}
              {...field('slug')}
            />
            <TextField label={w.position} inputMode="numeric" dir="ltr" maxLength={4} {...field('position')} />
          </div>
          <p className="field-hint">{w.introHint}</p>
          <div className="contact-grid">
            <BilingualFields name="intro" words={w} field={field} maxLength={LIMITS.cityIntro} rows={6} />
            <BilingualFields
              name="areas"
              words={w}
              field={field}
              maxLength={LIMITS.cityAreas}
              rows={5}
              hint={w.areasHint}
            />
            <TextField
              label={w.phone}
              type="tel"
              dir="ltr"
              maxLength={LIMITS.phoneMax}
              hint={w.numberHint}
              {...field('phone')}
            />
            <TextField
              label={w.whatsapp}
              type="tel"
              dir="ltr"
              maxLength={LIMITS.phoneMax}
              hint={w.numberHint}
              {...field('whatsapp')}
            />
          </div>
          <label className="check-row">
            <input type="checkbox" checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
            <span>{w.enabled}</span>
          </label>
        </>
      }
      after={
        <fieldset className="panel city-projects">
          <legend className="section-title">{w.projects}</legend>
          <p className="field-hint">{w.projectsHint}</p>
          {projects.data && projects.data.length === 0 && <p className="empty">{w.noProjects}</p>}
          <ul className="check-list">
            {projects.data?.map((p) => (
              <li key={p._id}>
                <label className="check-row">
                  <input
                    type="checkbox"
                    checked={draft.projectIds.includes(p._id)}
                    onChange={(e) => {
                      const on = e.target.checked;
                      editor.change((d) => ({
                        ...d,
                        projectIds: on ? [...d.projectIds, p._id] : d.projectIds.filter((x) => x !== p._id),
                      }));
                    }}
                  />
                  <span>{titleOf(p)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      }
    />
  );
}
