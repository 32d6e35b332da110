import { useId } from 'react';
import { TextArea, TextField } from '../../components/ui.tsx';
import { EditorPanel, FormActions, Problems, useEditor } from '../../components/editor-panel.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { seo, type SeoFields } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { notify } from '../../lib/notify.ts';
import { undoEdit } from '../../lib/undo.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard.ts';

const KEYS = ['titleAr', 'titleEn', 'descriptionAr', 'descriptionEn'] as const;
const toFields = (s: SeoFields): SeoFields => Object.fromEntries(KEYS.map((k) => [k, s[k]])) as SeoFields;

/**
 * The search titles: the headline every page's title carries, and the home page's description,
 * per language. Empty means the site's default, which names the service and the served cities.
 */
export function SeoEditor() {
  const { t } = useLanguage();
  const id = useId();
  const loaded = useLoad((signal) => seo.get({ signal }), 'seo');
  const editor = useEditor({
    id,
    saved: loaded.data ? toFields(loaded.data) : null,
    send: (fields) => seo.save(fields, loaded.data?.updatedAt ?? ''),
    done: (answer) => {
      loaded.set(answer.data);
      // The server's words, said in the admin's language by the toaster (a dictionary's own text
      // is no server message: an Arabic one was shown as "Error occurred"). The History keeps the
      // titles (kind "seo"): the save is undone like any other edit's.
      notify.undoable(answer.message, () => undoEdit('seo', answer.data.updatedAt));
    },
  });
  useUnsavedGuard(editor.dirty);
  const field = (k: (typeof KEYS)[number]) => ({
    ...editor.field(k),
    lang: k.endsWith('Ar') ? 'ar' : 'en',
    dir: k.endsWith('Ar') ? 'rtl' : 'ltr',
  });

  return (
    <EditorPanel id={id} title={t.seoTitle} hint={t.seoHint} load={loaded} as="form" onSubmit={editor.submit}>
      {editor.values && (
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
          <Problems said={editor.general} />
          <FormActions label={t.save} saving={editor.saving} />
        </>
      )}
    </EditorPanel>
  );
}
