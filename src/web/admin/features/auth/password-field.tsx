import { useId, useState, type Ref } from 'react';
import { LIMITS } from '../../../../shared/limits.ts';
import { EyeIcon, EyeOffIcon } from '../../components/icons.tsx';
import { useLanguage } from '../../i18n/language.tsx';

/** A password input with a show/hide toggle that says what it does and whether it is on. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  minLength,
  error,
  inputRef,
  id: givenId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  minLength?: number;
  id?: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useLanguage();
  const auto = useId();
  const id = givenId ?? auto;
  const [visible, setVisible] = useState(false);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="password-wrap" dir="ltr">
        <input
          ref={inputRef}
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          required
          autoComplete={autoComplete}
          minLength={minLength}
          maxLength={LIMITS.passwordMax}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
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
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
