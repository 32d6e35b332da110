import { useId, useState } from 'react';
import { Button, LoadState, PageHeader, TextArea, TextField } from '../../components/ui.tsx';
import { useEditor } from '../../components/editor-panel.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { about, type Language } from '../../lib/endpoints.ts';
import { EMPTY_ABOUT, pickAbout } from '../../../../shared/about.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { MSG } from '../../lib/messages.ts';
import { undoEdit } from '../../lib/undo.ts';
import { HistoryLink } from '../../app/history-link.tsx';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard.ts';

const PAIRS = [
  ['title', 'description'],
  ['title2', 'description2'],
  ['title3', 'description3'],
] as const;

/**
 * about-admin: a content-language switch, three title/description pairs that are read-only until
 * Edit, then Confirm (save) or Cancel (revert and refetch). The phone number and the other contact
 * details have their own screen (contact-admin-page.tsx).
 */
export function AboutAdminPage() {
  const { lang, t } = useLanguage();
  useTitle(t.nav.about);
  const groupId = useId();
  const [language, setLanguage] = useState<Language>(lang);
  const loaded = useLoad((signal) => about.get(language, { signal }), language);
  const saved = loaded.data ? pickAbout(loaded.data) : EMPTY_ABOUT;
  const editor = useEditor({
    id: groupId,
    saved,
    send: (draft) => about.save(language, draft, loaded.data?.updatedAt || undefined),
    done: (answer) => {
      notify.undoable(answer.message, () => undoEdit(language, answer.data?.updatedAt));
      if (answer.data) loaded.set(answer.data);
      else loaded.reload();
    },
    // A stale edit says so; every other failure is the catalogue's fixed message.
    failed: (err) => notify.error(err instanceof ApiError && err.status === 409 ? err : MSG.saveAboutFailed),
  });
  const { editing, saving, change } = editor;
  useUnsavedGuard(editor.dirty);
  const cancel = () => {
    editor.cancel();
    loaded.reload();
  };

  const values = editor.values ?? saved;
  const contentDir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    <>
      <PageHeader title={t.nav.about} intro={t.aboutIntro} actions={<HistoryLink item={language} />} />
      <section className="panel" aria-labelledby={`${groupId}-heading`}>
        <div className="panel-head">
          <h2 className="section-title" id={`${groupId}-heading`}>
            {t.aboutText}
          </h2>
          <div className="segmented" role="group" aria-label={t.contentLanguage}>
            {(['ar', 'en'] as const).map((l) => (
              <button
                key={l}
                type="button"
                lang={l}
                className="segment"
                aria-pressed={language === l}
                disabled={editing}
                onClick={() => setLanguage(l)}
              >
                {l === 'ar' ? t.arabic : t.english}
              </button>
            ))}
          </div>
        </div>
        <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
        {editing && <p className="notice notice-info">{t.aboutEditing}</p>}
        <div className="about-grid" lang={language} dir={contentDir}>
          {PAIRS.map(([titleKey, textKey], i) => (
            <fieldset key={titleKey} className="about-pair">
              <legend className="about-legend">{t.section(i + 1)}</legend>
              <TextField
                label={t.fieldTitle}
                readOnly={!editing}
                maxLength={LIMITS.about}
                value={values[titleKey]}
                onChange={(e) => change((d) => ({ ...d, [titleKey]: e.target.value }))}
              />
              <TextArea
                label={t.fieldDescription}
                readOnly={!editing}
                rows={5}
                maxLength={LIMITS.about}
                value={values[textKey]}
                onChange={(e) => change((d) => ({ ...d, [textKey]: e.target.value }))}
              />
            </fieldset>
          ))}
        </div>
        <div className="form-actions">
          {editing ? (
            <>
              <Button variant="primary" busy={saving} onClick={() => void editor.submit()}>
                {t.confirm}
              </Button>
              <Button variant="ghost" disabled={saving} onClick={cancel}>
                {t.cancel}
              </Button>
            </>
          ) : (
            <Button variant="primary" disabled={!loaded.data} onClick={() => editor.edit()}>
              {t.edit}
            </Button>
          )}
        </div>
      </section>
    </>
  );
}
