/** Small building blocks shared by every screen: buttons with a busy state, fields, page headers. */
import {
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { useLanguage } from '../i18n/language.tsx';

export function Spinner({ label }: { label?: string }) {
  return (
    <span
      className="spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost' | 'accent';
  small?: boolean;
  busy?: boolean;
};

/** While `busy`, the button shows a spinner and cannot be pressed again, so nothing is sent twice. */
export function Button({
  variant = 'secondary',
  small,
  busy,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`btn btn-${variant}${small ? ' btn-sm' : ''}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}

interface FieldShell {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  id?: string;
  /** The error's language when it is not the dashboard's (messages are said in the dashboard's language). */
  errorLang?: string | undefined;
  /** Show the required asterisk (sign-in forms, where every field is required, leave it out). */
  mark?: boolean;
}

function FieldFrame({
  label,
  hint,
  error,
  errorLang,
  required,
  mark = true,
  id,
  children,
}: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {/* The input's own required state is announced; the asterisk is for the eye. */}
        {required && mark && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} lang={errorLang}>
          <bdi>{error}</bdi>
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function TextField({
  label,
  hint,
  error,
  errorLang,
  required,
  mark,
  id,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame label={label} hint={hint} error={error} errorLang={errorLang} required={required} mark={mark} id={fid}>
      <input
        id={fid}
        className="input"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, hint, error)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({
  label,
  hint,
  error,
  errorLang,
  required,
  id,
  ...area
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame label={label} hint={hint} error={error} errorLang={errorLang} required={required} id={fid}>
      <textarea
        id={fid}
        className="input textarea"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, hint, error)}
        {...area}
      />
    </FieldFrame>
  );
}

export function PageHeader({
  title,
  intro,
  actions,
  back,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-heading">
        {back}
        <h1 className="page-title" id="page-title" tabIndex={-1} dir="auto">
          {title}
        </h1>
        {intro && (
          <p className="page-intro" dir="auto">
            {intro}
          </p>
        )}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}

/** Loading and failure states of a screen's data, with a way to try again. */
export function LoadState({ loading, error, onRetry }: { loading: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useLanguage();
  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{t.loadFailed}</p>
        <Button small onClick={onRetry}>
          {t.retry}
        </Button>
      </div>
    );
  }
  if (loading)
    return (
      <p className="loading-line">
        <Spinner /> {t.loading}
      </p>
    );
  return null;
}
