import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { startAuthentication } from '@simplewebauthn/browser';
import { PasswordField } from './password-field.tsx';
import { Button, LoadState, TextField } from '../../components/ui.tsx';
import { guardWords } from '../../i18n/account-guard.ts';
import { useLanguage } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { guard, type PendingChange } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { passkeyCancelled, passkeysSupported } from '../../lib/passkey.ts';
import { useLoad } from '../../lib/use-load.ts';

type Methods = ('passkey' | 'totp' | 'recovery')[];
interface Recheck {
  /** Runs a change; when the server asks for the re-check first, sends the owner to the re-check panel instead. */
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  /** Called after any change the server records, so the list of changes awaiting confirmation is read again. */
  changed: () => void;
  changesVersion: number;
}

const RecheckContext = createContext<Recheck | null>(null);
/** The re-check's password field, where a refused change sends the owner. */
const recheckField: { current: HTMLInputElement | null } = { current: null };

export function useRecheck(): Recheck {
  const value = useContext(RecheckContext);
  if (!value) throw new Error('useRecheck outside RecheckProvider');
  return value;
}

/** True for the server's "confirm it is you first" answers (403), or a password change that also wants a code. */
const asksForRecheck = (err: unknown) =>
  err instanceof ApiError && (err.status === 403 || (err.status === 400 && err.code === 'recheck.factor'));

export function RecheckProvider({ children }: { children: ReactNode }) {
  const [changesVersion, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
      try {
        const result = await action();
        changed();
        return result;
      } catch (err) {
        if (!asksForRecheck(err)) throw err;
        notify.error(guardWords.en.needsRecheck);
        const field = recheckField.current;
        field?.scrollIntoView({ block: 'center' });
        field?.focus();
        return undefined;
      }
    },
    [changed],
  );
  const value = useMemo(() => ({ run, changed, changesVersion }), [run, changed, changesVersion]);
  return <RecheckContext.Provider value={value}>{children}</RecheckContext.Provider>;
}

/** The re-check ("sudo mode"): the password, with a factor set up before this sign-in when the account has one. */
export function RecheckPanel() {
  const { lang, say } = useLanguage();
  const w = guardWords[lang];
  const id = useId();
  const state = useLoad((signal) => guard.state({ signal }), 'recheck');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, setBusy] = useState<'form' | 'passkey' | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const setPasswordRef = useCallback((el: HTMLInputElement | null) => {
    passwordRef.current = el;
    recheckField.current = el;
  }, []);
  const time = useMemo(() => new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { timeStyle: 'short' }), [lang]);
  const methods: Methods = state.data?.methods ?? [];
  const typed = methods.includes('totp') || methods.includes('recovery');
  const untilText = state.data?.until ?? null;
  const until = untilText ? new Date(untilText) : null;
  // The server answers `until` only while the re-check is live; the form comes back when it runs out.
  const fresh = until !== null;
  const { set } = state;
  useEffect(() => {
    if (!untilText) return;
    const timer = setTimeout(
      () => set((s) => ({ methods: s?.methods ?? [], until: null })),
      Math.max(0, Date.parse(untilText) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [untilText, set]);

  const passed = (answer: { message: string; data: { until: string } }) => {
    notify.success(guardWords.en.confirmed);
    setPassword('');
    setCode('');
    state.set((s) => ({ methods: s?.methods ?? [], until: answer.data.until }));
  };
  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.status === 400) {
      if (err.code === 'auth.wrong_current_password') setErrors({ password: say(err) });
      else setErrors({ code: say(err) });
    } else notify.failure(err);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setErrors({ password: w.enterPassword });
      passwordRef.current?.focus();
      return;
    }
    setBusy('form');
    try {
      passed(await guard.recheck({ password, ...(code.trim() ? { code: code.trim() } : {}) }));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };
  const withPasskey = async () => {
    if (!password) {
      setErrors({ password: w.enterPassword });
      passwordRef.current?.focus();
      return;
    }
    setBusy('passkey');
    try {
      const optionsJSON = await guard.passkeyOptions();
      const response = await startAuthentication({
        optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      passed(await guard.recheck({ password, passkey: response }));
    } catch (err) {
      if (!passkeyCancelled(err)) fail(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {w.recheckTitle}
      </h2>
      <p className="field-hint">{w.recheckIntro}</p>
      <LoadState loading={state.loading && !state.data} error={state.error} onRetry={state.reload} />
      {fresh && (
        <p className="factor-state factor-on" role="status">
          {w.recheckFresh(time.format(until!))}
        </p>
      )}
      {state.data && !fresh && (
        <form className="form" onSubmit={submit} noValidate>
          {methods.length > 0 && <p className="field-hint">{w.recheckFactorIntro}</p>}
          <PasswordField
            label={w.password}
            value={password}
            autoComplete="current-password"
            error={errors.password}
            inputRef={setPasswordRef}
            onChange={(v) => {
              setPassword(v);
              setErrors({});
            }}
          />
          {typed && (
            <TextField
              label={w.code}
              mark={false}
              dir="ltr"
              autoComplete="one-time-code"
              maxLength={32}
              value={code}
              error={errors.code}
              onChange={(e) => {
                setCode(e.target.value);
                setErrors({});
              }}
            />
          )}
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={busy === 'form'} disabled={busy !== null}>
              {w.confirm}
            </Button>
            {methods.includes('passkey') && passkeysSupported() && (
              <Button busy={busy === 'passkey'} disabled={busy !== null} onClick={withPasskey}>
                {w.usePasskey}
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

/** Changes whose emailed undo link still works, each confirmable from a browser signed in before it. */
export function ChangesPanel() {
  const { lang } = useLanguage();
  const w = guardWords[lang];
  const id = useId();
  const { changesVersion } = useRecheck();
  // The key changes with every recorded change, so the list is read again.
  const list = useLoad((signal) => guard.changes({ signal }), `changes-${changesVersion}`);
  const when = useMemo(
    () => new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    [lang],
  );
  const what = (c: PendingChange) => w.kinds[c.kind](c.detail.name, c.detail.email);
  const confirm = async (c: PendingChange) => {
    try {
      await guard.confirmChange(c.id);
      notify.success(guardWords.en.changeConfirmed);
      list.set((items = []) => items.filter((i) => i.id !== c.id));
    } catch (err) {
      notify.failure(err);
    }
  };
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {w.changesTitle}
      </h2>
      <p className="field-hint">{w.changesIntro}</p>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && list.data.length === 0 && <p className="empty">{w.noChanges}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="session-list">
          {list.data.map((c) => (
            <li key={c.id} className="session-row">
              <div className="session-body">
                <p className="session-name">
                  <span>{what(c)}</span>
                </p>
                <p className="field-hint">
                  <time dateTime={c.createdAt}>{when.format(new Date(c.createdAt))}</time>
                  {c.canConfirm ? '' : ` · ${w.onlyOlder}`}
                </p>
              </div>
              {c.canConfirm && (
                <Button aria-label={w.itWasMeLabel(what(c))} onClick={() => confirm(c)}>
                  {w.itWasMe}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whether email reaches the owner (the test email, with the mail server's own answer) and the change of the account's email. */
export function EmailPanel({ email, onEmail }: { email: string | undefined; onEmail: (email: string) => void }) {
  const { lang, say } = useLanguage();
  const w = guardWords[lang];
  const id = useId();
  const { run } = useRecheck();
  const mail = useLoad((signal) => guard.mail({ signal }), 'mail');
  const [testing, setTesting] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ email?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const when = useMemo(
    () => new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    [lang],
  );
  const state = mail.data;

  const test = async () => {
    setTesting(true);
    try {
      const answer = await guard.testMail();
      mail.set(() => answer.data);
      if (answer.data.ok) notify.success(guardWords.en.testSent);
      else if (answer.data.configured) notify.error(guardWords.en.testRefused);
    } catch (err) {
      notify.failure(err);
    } finally {
      setTesting(false);
    }
  };
  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail.trim())) {
      setError({ email: w.invalidEmail });
      return;
    }
    setBusy(true);
    try {
      const done = await run(() => guard.startEmailChange(newEmail.trim()));
      if (done) setSentTo(newEmail.trim().toLowerCase());
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) setError({ email: say(err) });
      else notify.failure(err);
    } finally {
      setBusy(false);
    }
  };
  const finish = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const done = await run(() => guard.confirmEmailChange(code.trim()));
      if (done && sentTo) {
        notify.success(`The account's email is now ${sentTo}.`);
        onEmail(sentTo);
        setSentTo(null);
        setNewEmail('');
        setCode('');
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError({ code: say(err) });
      else notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" id="email" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {w.emailTitle}
      </h2>
      <p className="field-hint">{w.emailIntro}</p>
      {email && (
        <p>
          {w.accountEmail}: <strong dir="ltr">{email}</strong>
        </p>
      )}
      <LoadState loading={mail.loading && !state} error={mail.error} onRetry={mail.reload} />
      {state && !state.configured && (
        <p className="notice notice-warning" role="note">
          {w.notSetUp}
        </p>
      )}
      {state?.configured && (
        <div role="status">
          {state.at === null && <p className="field-hint">{w.noTestYet}</p>}
          {state.at !== null && state.ok && (
            <p className="factor-state factor-on">{w.lastTestOk(when.format(new Date(state.at)))}</p>
          )}
          {state.at !== null && state.ok === false && (
            <>
              <p className="factor-state">{w.lastTestFailed(when.format(new Date(state.at)))}</p>
              <pre className="smtp-answer" dir="ltr">
                {state.answer}
              </pre>
            </>
          )}
        </div>
      )}
      {state?.configured && (
        <div className="form-actions">
          <Button busy={testing} onClick={test}>
            {w.sendTest}
          </Button>
        </div>
      )}
      <h3 className="section-subtitle">{w.changeEmail}</h3>
      {!sentTo && (
        <form className="form" onSubmit={start} noValidate>
          <TextField
            label={w.newEmail}
            type="email"
            dir="ltr"
            autoComplete="email"
            mark={false}
            value={newEmail}
            error={error.email}
            onChange={(e) => {
              setNewEmail(e.target.value);
              setError({});
            }}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={busy}>
              {w.sendCode}
            </Button>
          </div>
        </form>
      )}
      {sentTo && (
        <form className="form" onSubmit={finish} noValidate>
          <p className="field-hint" role="status">
            {w.codeSentTo(sentTo)}
          </p>
          <TextField
            label={w.emailCode}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            mark={false}
            value={code}
            error={error.code}
            onChange={(e) => {
              setCode(e.target.value);
              setError({});
            }}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={busy}>
              {w.confirmEmail}
            </Button>
            <Button
              onClick={() => {
                setSentTo(null);
                setCode('');
              }}
            >
              {w.cancel}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
