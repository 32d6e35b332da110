import { useId, useState, type FormEvent } from 'react';
import { Button, LoadState, TextArea, TextField } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { seo, type SeoFields } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';

const KEYS = ['titleAr', 'titleEn', 'descriptionAr', 'descriptionEn'] as const;

/**
 * The search titles: the headline every page's title carries, and the home page's description,
 * per language. Empty means the site's default, which names the service and the served cities.
 */
export function SeoEditor() {
  const { t } = useLanguage();
  const id = useId();
  const loaded = useLoad((signal) => seo.get({ signal }), 'seo');
  const [draft, setDraft] = useState<SeoFields | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = draft ?? loaded.data;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!shown || saving) return;
    setSaving(true);
    try {
      const fields = Object.fromEntries(KEYS.map((k) => [k, shown[k]])) as SeoFields;
      const answer = await seo.save(fields, loaded.data?.updatedAt ?? '');
      loaded.set(answer.data);
      setDraft(null);
      notify.success(t.seoSaved);
    } catch (err) {
      notify.failure(err);
    } finally {
      setSaving(false);
    }
  };
  const field = (k: (typeof KEYS)[number]) => ({
    id: `${id}-${k}`,
    value: shown?.[k] ?? '',
    lang: k.endsWith('Ar') ? 'ar' : 'en',
    dir: k.endsWith('Ar') ? 'rtl' : 'ltr',
    onChange: (e: { target: { value: string } }) => setDraft({ ...(shown as SeoFields), [k]: e.target.value }),
  });

  return (
    <form className="panel" aria-labelledby={`${id}-heading`} onSubmit={save} noValidate>
      <h2 className="section-title" id={`${id}-heading`}>
        {t.seoTitle}
      </h2>
      <p className="field-hint">{t.seoHint}</p>
      <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
      {shown && (
        <>
          <div className="seo-grid">
            <TextField
              label={t.seoHeadlineAr}
              maxLength={LIMITS.seoTitle}
              placeholder={t.seoDefaultAr}
              {...field('titleAr')}
            />
            <TextField
              label={t.seoHeadlineEn}
              maxLength={LIMITS.seoTitle}
              placeholder={t.seoDefaultEn}
              {...field('titleEn')}
            />
            <TextArea
              label={t.seoDescriptionAr}
              rows={3}
              maxLength={LIMITS.seoDescription}
              {...field('descriptionAr')}
            />
            <TextArea
              label={t.seoDescriptionEn}
              rows={3}
              maxLength={LIMITS.seoDescription}
              {...field('descriptionEn')}
            />
          </div>
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={saving}>
              {t.save}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
