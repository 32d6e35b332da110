import { useEffect, useId } from 'react';
import { BilingualFields, BilingualTerms } from '../../components/bilingual-fields.tsx';
import { Button, TextField } from '../../components/ui.tsx';
import { EditActions, EditorPanel, FormActions, Problems } from '../../components/editor-panel.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import type { Contact } from '../../lib/endpoints.ts';
import { dayText } from '../../lib/hours-text.ts';
import type { Loaded } from '../../lib/use-load.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { MAX_RANGES, pastMidnight, WEEK_DAYS, type OpeningHours, type TimeRange } from '../../../../shared/hours.ts';
import { useContactSection } from './contact-save.ts';

interface Draft {
  show: boolean;
  days: OpeningHours;
  hoursNoteAr: string;
  hoursNoteEn: string;
}

/** A starting week for an owner who has not set any: most shops here open every day but Friday morning. */
const STARTING_WEEK: OpeningHours = Object.fromEntries(
  WEEK_DAYS.map((d) => [d, d === 'fri' ? [] : [{ from: '09:00', to: '21:00' }]]),
) as OpeningHours;
const FIRST_RANGE: TimeRange = { from: '09:00', to: '17:00' };
const SECOND_RANGE: TimeRange = { from: '16:00', to: '22:00' };

const toDraft = (c: Contact): Draft => ({
  show: c.hours !== null,
  days: c.hours ?? STARTING_WEEK,
  hoursNoteAr: c.hoursNoteAr,
  hoursNoteEn: c.hoursNoteEn,
});
/** The refusals said under their own field (a time, a day, a note); the rest above the buttons. */
const underField = (field: string) => /^(hours\.\w+(\.\d\.(from|to))?|hoursNoteAr|hoursNoteEn)$/.test(field);
const FORM = 'contact-hours';

/** Sunday's hours on every day that is open; a closed day (Friday, say) stays closed. Offered while Sunday is open. */
const copyFirstDay = (days: OpeningHours): OpeningHours =>
  Object.fromEntries(
    WEEK_DAYS.map((d) => [d, days[d].length === 0 ? [] : days.sun.map((r) => ({ ...r }))]),
  ) as OpeningHours;

/**
 * The opening hours, day by day (Sunday first): closed, or one or two periods, and a note in each
 * language. Shown read-only, then Edit, Confirm or Cancel, like the other contact details.
 */
export function HoursEditor({
  loaded,
  onDirtyChange,
}: {
  loaded: Loaded<Contact>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, lang } = useLanguage();
  const p = t.place;
  const id = useId();
  const fieldId = (name: string) => `${id}-${name.replace(/\./g, '-')}`;
  const editor = useContactSection(loaded, {
    id,
    form: FORM,
    toDraft,
    fieldOf: (field) => (underField(field) ? field : null),
    elementId: fieldId,
    toPart: (draft) => ({
      hours: draft.show ? draft.days : null,
      hoursNoteAr: draft.hoursNoteAr,
      hoursNoteEn: draft.hoursNoteEn,
    }),
  });
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  const { errorOf, problems, change } = editor;
  const draft = editor.editing ? editor.values : null;
  const setDay = (day: keyof OpeningHours, ranges: TimeRange[]) =>
    change((d) => ({ ...d, days: { ...d.days, [day]: ranges } }));

  return (
    <EditorPanel id={id} anchor="hours" title={p.hoursTitle} hint={p.hoursHint} load={loaded}>
      {draft ? (
        <form className="contact-form" onSubmit={editor.submit} noValidate>
          <label className="check-line">
            <input
              type="checkbox"
              id={`${id}-show`}
              checked={draft.show}
              onChange={(e) => change((d) => ({ ...d, show: e.target.checked }))}
            />
            <span>{p.showHours}</span>
          </label>
          {draft.show && (
            <>
              <p className="field-hint">{p.timesHint}</p>
              <div className="hours-days">
                {WEEK_DAYS.map((day, i) => {
                  const name = p.days[i]!;
                  const ranges = draft.days[day];
                  const setRange = (n: number, part: Partial<TimeRange>) =>
                    setDay(
                      day,
                      ranges.map((r, k) => (k === n ? { ...r, ...part } : r)),
                    );
                  return (
                    <fieldset
                      key={day}
                      className="hours-day"
                      aria-invalid={problems.some((x) => x.field?.startsWith(`hours.${day}`)) || undefined}
                    >
                      <legend className="hours-day-name">{name}</legend>
                      <label className="check-line">
                        <input
                          type="checkbox"
                          checked={ranges.length > 0}
                          onChange={(e) => setDay(day, e.target.checked ? [FIRST_RANGE] : [])}
                        />
                        <span>{p.openOn(name)}</span>
                      </label>
                      {ranges.map((r, n) => (
                        <div className="hours-period" key={n}>
                          {(['from', 'to'] as const).map((edge) => {
                            const field = `hours.${day}.${n}.${edge}`;
                            return (
                              <TextField
                                key={edge}
                                id={fieldId(field)}
                                type="time"
                                dir="ltr"
                                label={edge === 'from' ? p.from : p.to}
                                aria-label={p.timeLabel(edge === 'from' ? p.from : p.to, name, n + 1)}
                                value={r[edge]}
                                error={errorOf(field)}
                                onChange={(e) => setRange(n, { [edge]: e.target.value })}
                              />
                            );
                          })}
                        </div>
                      ))}
                      {ranges.some(pastMidnight) && <p className="field-hint">{dayText(ranges, lang, t)}</p>}
                      {errorOf(`hours.${day}`) && (
                        <p className="field-error" role="alert">
                          {errorOf(`hours.${day}`)}
                        </p>
                      )}
                      {ranges.length === 0 && <p className="muted">{p.closed}</p>}
                      {ranges.length > 0 && ranges.length < MAX_RANGES && (
                        <Button
                          variant="ghost"
                          aria-label={p.addPeriodLabel(name)}
                          onClick={() => setDay(day, [...ranges, SECOND_RANGE])}
                        >
                          {p.addPeriod}
                        </Button>
                      )}
                      {ranges.length === MAX_RANGES && (
                        <Button
                          variant="ghost"
                          aria-label={p.removePeriodLabel(name)}
                          onClick={() => setDay(day, ranges.slice(0, 1))}
                        >
                          {p.removePeriod}
                        </Button>
                      )}
                    </fieldset>
                  );
                })}
              </div>
              <div className="form-actions">
                <Button
                  aria-describedby={`${id}-copy-hint`}
                  disabled={draft.days.sun.length === 0}
                  onClick={() => change((d) => ({ ...d, days: copyFirstDay(d.days) }))}
                >
                  {p.copyFirstDay}
                </Button>
                <p className="field-hint" id={`${id}-copy-hint`}>
                  {p.copyFirstDayHint}
                </p>
              </div>
            </>
          )}
          <div className="contact-grid">
            <BilingualFields
              name="hoursNote"
              words={p}
              field={editor.field}
              maxLength={LIMITS.hoursNote}
              hintAr={p.hoursNoteHint}
            />
          </div>
          <Problems said={editor.general} />
          <FormActions label={t.confirm} saving={editor.saving} onCancel={editor.cancel} />
        </form>
      ) : (
        loaded.data && (
          <>
            {loaded.data.hours ? (
              <dl className="contact-list hours-list">
                {WEEK_DAYS.map((day, i) => (
                  <div key={day}>
                    <dt>{p.days[i]}</dt>
                    <dd>{dayText(loaded.data!.hours![day], lang, t)}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="muted hours-off">{p.hoursOff}</p>
            )}
            {(loaded.data.hoursNoteAr || loaded.data.hoursNoteEn) && (
              <dl className="contact-list">
                <BilingualTerms name="hoursNote" words={p} values={loaded.data} />
              </dl>
            )}
            <EditActions title={p.hoursTitle} onEdit={() => editor.edit(undefined, 'show')} />
          </>
        )
      )}
    </EditorPanel>
  );
}
