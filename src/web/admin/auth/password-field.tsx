import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { EyeIcon, EyeOffIcon } from '../components/icons.tsx';
import { useLanguage } from '../i18n/language.tsx';

/** A password input with a show/hide toggle that says what it does and whether it is on. */
export function PasswordField({ label, value, onChange, autoComplete, minLength }: {
  label: string; value: string; onChange: (v: string) => void; autoComplete: string; minLength?: number;
}) {
  const { t } = useLanguage();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="password-wrap" dir="ltr">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          required
          autoComplete={autoComplete}
          minLength={minLength}
          maxLength={LIMITS.passwordMax}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={t.showPassword}
          title={visible ? t.hidePassword : t.showPassword}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}
