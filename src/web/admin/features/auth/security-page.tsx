import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { PasswordField } from './password-field.tsx';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { DeviceIcon, LogoutIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { auth, security, type SessionItem } from '../../lib/endpoints.ts';
import { TOKEN_KEY } from '../../lib/messages.ts';
import { openSignIn } from '../../app/server-page.tsx';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { FactorsPanels } from './security-factors.tsx';
import { ChangesPanel, EmailPanel, RecheckPanel, RecheckProvider, useRecheck } from './security-guard.tsx';
import { LIMITS } from '../../../../shared/limits.ts';

/**
 * security: the re-check that every change to how the owner signs in needs first; the browsers
 * signed in to the account (this one marked), each of which the owner can sign out, or all but this
 * one at once; the second factors; the password change, which signs out the others too; the
 * account's email and whether email reaches the owner; the recent changes awaiting confirmation.
 */
export function SecurityPage() {
  return (
    <RecheckProvider>
      <SecurityScreen />
    </RecheckProvider>
  );
}

function SecurityScreen() {
  const { t, lang, to } = useLanguage();
  const { run } = useRecheck();
  const account = useLoad((signal) => auth.isLoggedIn({ signal }), 'account');
  useTitle(t.nav.security);
  const confirm = useConfirm();
  const headingId = useId();
  const passwordId = useId();
  const list = useLoad((signal) => security.sessions({ signal }), 'sessions');
  const [ending, setEnding] = useState<string | null>(null);
  const when = useMemo(
    () => new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    [lang],
  );

  const deviceName = (s: SessionItem) => t.browserOn(s.browser ?? t.unknownBrowser, s.os ?? t.unknownSystem);
  const others = (list.data ?? []).filter((s) => !s.current);
  // This device first, then the others as the server orders them (the most recently used first).
  const shown = list.data ? [...list.data.filter((s) => s.current), ...others] : undefined;

  const toLogin = () => {
    localStorage.removeItem(TOKEN_KEY);
    openSignIn(to('/auth/login'));
  };

  const end = async (s: SessionItem) => {
    const ok = await confirm(
      s.current
        ? { title: t.endCurrentTitle, body: t.endCurrentBody, confirmLabel: t.endSession, danger: true }
        : {
            title: t.endSessionTitle,
            body: `${deviceName(s)}. ${t.endSessionBody}`,
            confirmLabel: t.endSession,
            danger: true,
          },
    );
    if (!ok) return;
    setEnding(s.id);
    try {
      const answer = s.current ? await security.end(s.id) : await run(() => security.end(s.id));
      if (!answer) return;
      if (s.current) {
        toLogin();
        return;
      }
      notify.success(answer.message);
      list.set((items = []) => items.filter((i) => i.id !== s.id));
    } catch (err) {
      notify.failure(err);
      list.reload();
    } finally {
      setEnding(null);
    }
  };

  const endOthers = async () => {
    if (!(await confirm({ title: t.endOthersTitle, body: t.endOthersBody, confirmLabel: t.endOthers, danger: true })))
      return;
    setEnding('others');
    try {
      const answer = await run(() => security.endOthers());
      if (!answer) return;
      notify.success(answer.message);
      list.set((items = []) => items.filter((i) => i.current));
    } catch (err) {
      notify.failure(err);
      list.reload();
    } finally {
      setEnding(null);
    }
  };

  return (
    <>
      <PageHeader title={t.nav.security} intro={t.securityIntro} />
      <RecheckPanel />
      <section className="panel" aria-labelledby={headingId}>
        <div className="panel-head">
          <h2 className="section-title" id={headingId}>
            {t.sessionsTitle}
          </h2>
          {others.length > 0 && (
            <Button variant="danger" busy={ending === 'others'} disabled={ending !== null} onClick={endOthers}>
              <LogoutIcon />
              {t.endOthers}
            </Button>
          )}
        </div>
        <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
        {shown && (
          <ul className="session-list">
            {shown.map((s) => (
              <li key={s.id} className={`session-row${s.current ? ' session-current' : ''}`}>
                <span className="session-icon" aria-hidden="true">
                  <DeviceIcon />
                </span>
                <div className="session-body">
                  <p className="session-name">
                    <span>{deviceName(s)}</span>
                    {s.current && <span className="badge badge-current">{t.thisDevice}</span>}
                  </p>
                  <dl className="session-times">
                    <div>
                      <dt>{t.signedInAt}</dt>
                      <dd>
                        <time dateTime={s.createdAt}>{when.format(new Date(s.createdAt))}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>{t.lastSeenAt}</dt>
                      <dd>
                        <time dateTime={s.lastSeenAt}>{when.format(new Date(s.lastSeenAt))}</time>
                      </dd>
                    </div>
                  </dl>
                </div>
                <Button
                  variant="secondary"
                  className="session-end"
                  aria-label={s.current ? undefined : t.endSessionLabel(deviceName(s))}
                  busy={ending === s.id}
                  disabled={ending !== null}
                  onClick={() => end(s)}
                >
                  {t.endSession}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {list.data && others.length === 0 && <p className="empty">{t.noOtherSessions}</p>}
      </section>
      <FactorsPanels onOthersSignedOut={() => list.set((items = []) => items.filter((i) => i.current))} />
      <PasswordChange id={passwordId} onChanged={() => list.set((items = []) => items.filter((i) => i.current))} />
      <EmailPanel
        email={account.data?.data.email}
        onEmail={(email) => account.set((a) => ({ message: a?.message ?? '', data: { email } }))}
      />
      <ChangesPanel />
    </>
  );
}

function PasswordChange({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { t } = useLanguage();
  const { run } = useRecheck();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [busy, setBusy] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);
  const nextInput = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...(current ? {} : { current: t.enterCurrentPassword }),
      ...(next.length >= LIMITS.passwordMin ? {} : { next: t.passwordTooShort(LIMITS.passwordMin) }),
    };
    setErrors(found);
    if (found.current) {
      currentInput.current?.focus();
      return;
    }
    if (found.next) {
      nextInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await run(() => security.changePassword(current, next));
      if (!answer) return;
      notify.success(answer.message);
      setCurrent('');
      setNext('');
      onChanged();
    } catch (err) {
      // The server's one field refusal is shown on the field; anything else (too many tries, an outage) as a toast.
      if (err instanceof ApiError && err.code === 'auth.wrong_current_password') {
        setErrors({ current: t.currentPasswordWrong });
        currentInput.current?.focus();
      } else {
        notify.failure(err);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {t.changePasswordTitle}
      </h2>
      <p className="field-hint password-change-intro">{t.changePasswordIntro}</p>
      <form className="form password-change" onSubmit={submit} noValidate>
        <PasswordField
          label={t.currentPassword}
          value={current}
          onChange={(v) => {
            setCurrent(v);
            setErrors((x) => ({ ...x, current: undefined }));
          }}
          autoComplete="current-password"
          error={errors.current}
          inputRef={currentInput}
        />
        <PasswordField
          label={t.newPassword}
          value={next}
          onChange={(v) => {
            setNext(v);
            setErrors((x) => ({ ...x, next: undefined }));
          }}
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          error={errors.next}
          inputRef={nextInput}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {t.changePassword}
          </Button>
        </div>
      </form>
    </section>
  );
}
