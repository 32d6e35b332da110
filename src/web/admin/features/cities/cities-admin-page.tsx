import { useId, useState, type FormEvent } from 'react';
import { EditIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader, TextArea, TextField } from '../../components/ui.tsx';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { cards, cities, type Card, type City, type CityInput } from '../../lib/endpoints.ts';
import { kindMessage } from '../../lib/kinds.ts';
import { notify } from '../../lib/notify.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { undoDelete } from '../../lib/undo.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard.ts';
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
  const { lang, t, say } = useLanguage();
  const w = CITY_WORDS[lang];
  useTitle(t.nav.cities);
  const id = useId();
  const confirm = useConfirm();
  const list = useLoad((signal) => cities.list({ signal }), 'cities');
  const projects = useLoad((signal) => cards.list('portfolio', { signal }), 'portfolio');
  const [editing, setEditing] = useState<{ city: City | null; draft: Draft } | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  useUnsavedGuard(
    editing !== null && JSON.stringify(editing.draft) !== JSON.stringify(editing.city ? toDraft(editing.city) : EMPTY),
  );

  const open = (city: City | null) => {
    setEditing({ city, draft: city ? toDraft(city) : EMPTY });
    setProblem(null);
    requestAnimationFrame(() => document.getElementById(`${id}-nameAr`)?.focus());
  };
  const change = (update: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...update } } : e));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing || saving) return;
    setSaving(true);
    try {
      const answer = editing.city
        ? await cities.save(editing.city._id, toInput(editing.draft, editing.city.updatedAt))
        : await cities.add(toInput(editing.draft));
      notify.success(answer.message, 'city');
      setEditing(null);
      setProblem(null);
      list.reload();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        const named = err.status === 400 ? err.message.split(/[ .:]/, 1)[0]! : '';
        const field = named !== '' && document.getElementById(`${id}-${named}`) ? named : null;
        setProblem({ field, message: say(err.message) });
        if (field) document.getElementById(`${id}-${field}`)?.focus();
      }
      notify.failure(err, 'city');
    } finally {
      setSaving(false);
    }
  };

  const remove = async (city: City) => {
    if (
      !(await confirm({
        title: w.confirmTitle,
        body: w.confirmBody(city.nameAr, keptDays()),
        confirmLabel: w.removeShort,
        danger: true,
      }))
    )
      return;
    try {
      await cities.remove(city._id);
      if (editing?.city?._id === city._id) setEditing(null);
      list.reload();
      notify.undoable(kindMessage('city', 'trashed'), async () => {
        const message = await undoDelete(city._id, 'city');
        list.reload();
        return message;
      });
    } catch (err) {
      notify.failure(err);
    }
  };

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: String(editing?.draft[name] ?? ''),
    error: problem?.field === name ? problem.message : undefined,
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
  });
  const nameOf = (c: City) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameAr);
  const state = (c: City) => (!c.enabled ? w.off : c.published ? w.published : w.notPublished);
  const titleOf = (p: Card) => (lang === 'en' && p.titleEn ? p.titleEn : p.title);

  return (
    <>
      <PageHeader
        title={t.nav.cities}
        intro={w.intro}
        actions={
          <Button variant="primary" onClick={() => open(null)}>
            <PlusIcon />
            {w.add}
          </Button>
        }
      />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && list.data.length === 0 && <p className="empty">{w.empty}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="item-list city-admin-list">
          {list.data.map((c) => (
            <li key={c._id} className="panel city-admin-item">
              <div>
                <h2 className="section-title">{nameOf(c)}</h2>
                <p className="field-hint">
                  <span dir="ltr">{cityPath(c.slug, lang)}</span> ·{' '}
                  <span className={c.published ? 'badge badge-ok' : 'badge badge-warn'}>{state(c)}</span>
                </p>
              </div>
              <div className="quote-actions">
                {c.published && (
                  <a className="btn btn-ghost" href={cityPath(c.slug, lang)} target="_blank" rel="noopener noreferrer">
                    {w.view}
                  </a>
                )}
                <Button onClick={() => open(c)} aria-label={w.edit(nameOf(c))}>
                  <EditIcon />
                  <span>{w.editShort}</span>
                </Button>
                <Button variant="danger" onClick={() => void remove(c)} aria-label={w.remove(nameOf(c))}>
                  <TrashIcon />
                  <span>{w.removeShort}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <form className="proof-form city-form" onSubmit={save} noValidate aria-labelledby={`${id}-form-title`}>
          <section className="panel">
            <h2 className="section-title" id={`${id}-form-title`}>
              {editing.city ? w.edit(nameOf(editing.city)) : w.add}
            </h2>
            <div className="contact-grid">
              <TextField label={w.nameAr} lang="ar" dir="rtl" required maxLength={LIMITS.city} {...field('nameAr')} />
              <TextField label={w.nameEn} lang="en" dir="ltr" maxLength={LIMITS.city} {...field('nameEn')} />
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
              <TextArea
                label={w.introAr}
                rows={6}
                lang="ar"
                dir="rtl"
                maxLength={LIMITS.cityIntro}
                {...field('introAr')}
              />
              <TextArea
                label={w.introEn}
                rows={6}
                lang="en"
                dir="ltr"
                maxLength={LIMITS.cityIntro}
                {...field('introEn')}
              />
              <TextArea
                label={w.areasAr}
                rows={5}
                lang="ar"
                dir="rtl"
                maxLength={LIMITS.cityAreas}
                hint={w.areasHint}
                {...field('areasAr')}
              />
              <TextArea
                label={w.areasEn}
                rows={5}
                lang="en"
                dir="ltr"
                maxLength={LIMITS.cityAreas}
                hint={w.areasHint}
                {...field('areasEn')}
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
              <input
                type="checkbox"
                checked={editing.draft.enabled}
                onChange={(e) => change({ enabled: e.target.checked })}
              />
              <span>{w.enabled}</span>
            </label>
          </section>
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
                      checked={editing.draft.projectIds.includes(p._id)}
                      onChange={(e) =>
                        change({
                          projectIds: e.target.checked
                            ? [...editing.draft.projectIds, p._id]
                            : editing.draft.projectIds.filter((x) => x !== p._id),
                        })
                      }
                    />
                    <span>{titleOf(p)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
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
