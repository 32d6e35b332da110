import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage } from '../../i18n/language.tsx';
import { cards, type Card } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';

/**
 * The On/Off details flag. The display flips at once and the call goes in the background; if it
 * fails, the switch flips back and says why. Presses during a call are ignored, so only one runs.
 * A flip's toast carries Undo (issue 26), which flips it back through the same call.
 */
export function DetailsSwitch({ card, onChange }: { card: Card; onChange: (card: Card) => void }) {
  const { t } = useLanguage();
  const id = useId();
  const [on, setOn] = useState(card.isDetailed);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  // Follows the card when the screen reads it again (after an Undo, or another tab's change).
  useEffect(() => {
    if (!running.current) setOn(card.isDetailed);
  }, [card.isDetailed]);

  const flip = async () => {
    if (running.current) return;
    running.current = true;
    const before = on;
    setOn(!before);
    setBusy(true);
    try {
      const answer = await cards.toggleDetails(card._id);
      const next =
        answer.data && typeof answer.data.isDetailed === 'boolean' ? answer.data : { ...card, isDetailed: !before };
      setOn(next.isDetailed);
      onChange(next);
      notify.undoable(answer.message, async () => {
        // Only from the state this flip made: a change since answers 409 and changes nothing.
        const back = await cards.toggleDetails(card._id, next.updatedAt);
        if (back.data) onChange(back.data);
        return back.message;
      });
    } catch (err) {
      setOn(before);
      notify.failure(err);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="switch-row">
      <button
        type="button"
        role="switch"
        id={id}
        className={`switch${on ? ' switch-on' : ''}`}
        aria-checked={on}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-hint`}
        onClick={flip}
      >
        <span className="switch-label">{t.detailsSwitch}</span>
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-state" aria-hidden="true">
          {on ? t.on : t.off}
        </span>
      </button>
      <p className="field-hint" id={`${id}-hint`}>
        {t.detailsSwitchHint}
      </p>
    </div>
  );
}
