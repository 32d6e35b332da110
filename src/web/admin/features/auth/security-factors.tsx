import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button, LoadState, TextField } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { codeError, factorWords } from '../../i18n/factors.ts';
import { ApiError } from '../../lib/api.ts';
import { factors, type FactorsView, type PasskeyItem, type Proof } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { addPasskey, passkeyCancelled, passkeysSupported } from '../../lib/passkey.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useRecheck } from './security-guard.tsx';

/**
 * The Security screen's second factors: passkeys (added, named, removed), the authenticator app
 * (set up from a QR code, confirmed by a first code, removed) and the recovery codes (shown once,
 * replaced). Every change needs the re-check of the last 5 minutes (security-guard.tsx).
 */
export function FactorsPanels({ onOthersSignedOut }: { onOthersSignedOut: () => void }) {
  const list = useLoad((signal) => factors.list({ signal }), 'factors');
  const [codes, setCodes] = useState<string[] | null>(null);
  const view = list.data;
  const update = (f: (v: FactorsView) => FactorsView) =>
    list.set((v) => f(v ?? { passkeys: [], totp: false, recoveryCodesLeft: 0 }));
  return (
    <>
      <LoadState loading={list.loading && !view} error={list.error} onRetry={list.reload} />
      {view && (
        <>
          <PasskeysPanel
            view={view}
            update={update}
            showCodes={setCodes}
            onRemoved={() => {
              onOthersSignedOut();
              list.reload();
            }}
          />
          <AppPanel
            view={view}
            update={update}
            showCodes={setCodes}
            onRemoved={() => {
              onOthersSignedOut();
              list.reload();
            }}
          />
          <RecoveryPanel
            view={view}
            codes={codes}
            showCodes={setCodes}
            onReplaced={() => update((v) => ({ ...v, recoveryCodesLeft: 10 }))}
          />
        </>
      )}
    </>
  );
}

type Update = (f: (v: FactorsView) => FactorsView) => void;

function useWords() {
  const { lang } = useLanguage();
  return { w: factorWords[lang], lang };
}

function PasskeysPanel({
  view,
  update,
  showCodes,
  onRemoved,
}: {
  view: FactorsView;
  update: Update;
  showCodes: (c: string[]) => void;
  onRemoved: () => void;
}) {
  const { w, lang } = useWords();
  const { run } = useRecheck();
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const when = useMemo(() => new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium' }), [lang]);
  const supported = passkeysSupported();

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await run(() => addPasskey(name.trim() || w.defaultPasskeyName));
      if (!answer) return;
      update((v) => ({ ...v, passkeys: [...v.passkeys, answer.data.passkey] }));
      if (answer.data.recoveryCodes) {
        showCodes(answer.data.recoveryCodes);
        update((v) => ({ ...v, recoveryCodesLeft: answer.data.recoveryCodes!.length }));
      }
      setName('');
      notify.success(w.passkeyAdded);
    } catch (err) {
      if (passkeyCancelled(err)) notify.error(w.passkeyCancelled);
      else notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {w.passkeysTitle}
      </h2>
      <p className="field-hint">{w.passkeysIntro}</p>
      {view.passkeys.length === 0 && <p className="empty">{w.noPasskeys}</p>}
      {view.passkeys.length > 0 && (
        <ul className="session-list">
          {view.passkeys.map((p) => (
            <PasskeyRow
              key={p.id}
              passkey={p}
              when={when}
              open={open}
              setOpen={setOpen}
              onRenamed={(n) =>
                update((v) => ({ ...v, passkeys: v.passkeys.map((x) => (x.id === p.id ? { ...x, name: n } : x)) }))
              }
              onRemoved={onRemoved}
            />
          ))}
        </ul>
      )}
      {supported ? (
        <form className="form factor-add" onSubmit={add} noValidate>
          <TextField
            label={w.passkeyName}
            hint={w.passkeyNameHint}
            mark={false}
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={busy}>
              {w.addPasskey}
            </Button>
          </div>
        </form>
      ) : (
        <p className="field-hint">{w.passkeyUnsupported}</p>
      )}
    </section>
  );
}

function PasskeyRow({
  passkey: p,
  when,
  open,
  setOpen,
  onRenamed,
  onRemoved,
}: {
  passkey: PasskeyItem;
  when: Intl.DateTimeFormat;
  open: string | null;
  setOpen: (v: string | null) => void;
  onRenamed: (name: string) => void;
  onRemoved: () => void;
}) {
  const { w } = useWords();
  const [name, setName] = useState(p.name);
  const [busy, setBusy] = useState(false);
  const renaming = open === `rename:${p.id}`;
  const removing = open === `remove:${p.id}`;

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await factors.renamePasskey(p.id, name.trim());
      onRenamed(name.trim());
      notify.success(w.renamed);
      setOpen(null);
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="session-row factor-row">
      <span className="session-icon" aria-hidden="true">
        <KeyGlyph />
      </span>
      <div className="session-body">
        <p className="session-name">
          <span>{p.name}</span>
          {p.backedUp && <span className="badge">{w.synced}</span>}
        </p>
        <dl className="session-times">
          <div>
            <dt>{w.addedOn}</dt>
            <dd>
              <time dateTime={p.createdAt}>{when.format(new Date(p.createdAt))}</time>
            </dd>
          </div>
          <div>
            <dt>{w.lastUsed}</dt>
            <dd>
              {p.lastUsedAt ? <time dateTime={p.lastUsedAt}>{when.format(new Date(p.lastUsedAt))}</time> : w.neverUsed}
            </dd>
          </div>
        </dl>
        {renaming && (
          <form className="form factor-inline" onSubmit={rename} noValidate>
            <TextField
              label={w.passkeyName}
              mark={false}
              maxLength={60}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
            <div className="form-actions">
              <Button type="submit" variant="primary" busy={busy}>
                {w.save}
              </Button>
              <Button onClick={() => setOpen(null)}>{w.cancel}</Button>
            </div>
          </form>
        )}
        {removing && (
          <ProofForm
            confirmLabel={w.remove}
            note={w.removeEndsOthers}
            onCancel={() => setOpen(null)}
            send={async (proof) => {
              await factors.removePasskey(p.id, proof);
              notify.success(w.removed);
              setOpen(null);
              onRemoved();
            }}
          />
        )}
      </div>
      {!renaming && !removing && (
        <div className="factor-actions">
          <Button
            aria-label={w.renameLabel(p.name)}
            onClick={() => {
              setName(p.name);
              setOpen(`rename:${p.id}`);
            }}
          >
            {w.rename}
          </Button>
          <Button variant="danger" aria-label={w.removeLabel(p.name)} onClick={() => setOpen(`remove:${p.id}`)}>
            {w.remove}
          </Button>
        </div>
      )}
    </li>
  );
}

function AppPanel({
  view,
  update,
  showCodes,
  onRemoved,
}: {
  view: FactorsView;
  update: Update;
  showCodes: (c: string[]) => void;
  onRemoved: () => void;
}) {
  const { w, lang } = useWords();
  const id = useId();
  const codeId = useId();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<[string, string] | undefined>();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { run } = useRecheck();

  const start = async () => {
    setBusy(true);
    try {
      const s = await run(() => factors.totpSetup());
      if (!s) return;
      setSetup({ secret: s.secret, qrSvg: s.qrSvg });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError([w.codeShape, lang]);
      document.getElementById(codeId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await run(() => factors.totpConfirm(code.trim()));
      if (!answer) return;
      setSetup(null);
      setCode('');
      update((v) => ({
        ...v,
        totp: true,
        recoveryCodesLeft: answer.data.recoveryCodes?.length ?? v.recoveryCodesLeft,
      }));
      if (answer.data.recoveryCodes) showCodes(answer.data.recoveryCodes);
      notify.success(w.appAdded);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(codeError(w, lang, err));
      else notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  // The QR code is an SVG document the server drew from the otpauth:// address; shown as an image, not as markup.
  const qrSrc = setup ? `data:image/svg+xml;base64,${btoa(setup.qrSvg)}` : '';
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {w.appTitle}
      </h2>
      <p className="field-hint">{w.appIntro}</p>
      {!setup && (
        <p className={view.totp ? 'factor-state factor-on' : 'factor-state'}>{view.totp ? w.appOn : w.appOff}</p>
      )}
      {!view.totp && !setup && (
        <div className="form-actions">
          <Button variant="primary" busy={busy} onClick={start}>
            {w.setUpApp}
          </Button>
        </div>
      )}
      {setup && (
        <form className="form totp-setup" onSubmit={confirm} noValidate>
          <p>{w.scanCode}</p>
          <img className="totp-qr" src={qrSrc} width="200" height="200" alt={w.qrLabel} />
          <p className="totp-secret">
            <span>{w.secretKey}: </span>
            <code dir="ltr">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <TextField
            id={codeId}
            label={w.appCode}
            mark={false}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={error?.[0]}
            errorLang={error?.[1]}
            onChange={(e) => {
              setCode(e.target.value);
              setError(undefined);
            }}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={busy}>
              {w.turnOnApp}
            </Button>
            <Button
              onClick={() => {
                setSetup(null);
                setCode('');
              }}
            >
              {w.cancel}
            </Button>
          </div>
        </form>
      )}
      {view.totp && !removing && (
        <div className="form-actions">
          <Button variant="danger" onClick={() => setRemoving(true)}>
            {w.removeApp}
          </Button>
        </div>
      )}
      {view.totp && removing && (
        <ProofForm
          confirmLabel={w.removeApp}
          note={w.removeEndsOthers}
          onCancel={() => setRemoving(false)}
          send={async (proof) => {
            await factors.removeTotp(proof);
            notify.success(w.appRemoved);
            setRemoving(false);
            onRemoved();
          }}
        />
      )}
    </section>
  );
}

function RecoveryPanel({
  view,
  codes,
  showCodes,
  onReplaced,
}: {
  view: FactorsView;
  codes: string[] | null;
  showCodes: (c: string[] | null) => void;
  onReplaced: () => void;
}) {
  const { w } = useWords();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const hasFactor = view.passkeys.length > 0 || view.totp;
  const text = codes ? codes.join('\n') : '';
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: `recovery-codes-${location.hostname}.txt`,
    });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {w.recoveryTitle}
      </h2>
      <p className="field-hint">{w.recoveryIntro}</p>
      {codes && (
        <div className="recovery-codes" role="status">
          <p className="recovery-warning">{w.showOnce}</p>
          <ol className="recovery-list" dir="ltr">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <div className="form-actions">
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(text).then(() => notify.success(w.copied));
              }}
            >
              {w.copyCodes}
            </Button>
            <Button onClick={download}>{w.downloadCodes}</Button>
            <Button variant="primary" onClick={() => showCodes(null)}>
              {w.savedThem}
            </Button>
          </div>
        </div>
      )}
      {!codes && <p className="factor-state">{hasFactor ? w.recoveryLeft(view.recoveryCodesLeft) : w.recoveryNone}</p>}
      {hasFactor && !codes && !asking && (
        <div className="form-actions">
          <Button onClick={() => setAsking(true)}>{w.newCodes}</Button>
        </div>
      )}
      {asking && (
        <ProofForm
          confirmLabel={w.newCodes}
          onCancel={() => setAsking(false)}
          send={async (proof) => {
            const answer = await factors.newRecoveryCodes(proof);
            setAsking(false);
            if (answer.data.recoveryCodes) showCodes(answer.data.recoveryCodes);
            onReplaced();
            notify.success(w.newCodesDone);
          }}
        />
      )}
    </section>
  );
}

/** Asks "are you sure?" before `send` runs; the re-check of the last 5 minutes is the proof (security-guard.tsx). */
function ProofForm({
  confirmLabel,
  note,
  send,
  onCancel,
}: {
  confirmLabel: string;
  note?: string;
  send: (proof: Proof) => Promise<void>;
  onCancel: () => void;
}) {
  const { w } = useWords();
  const { run } = useRecheck();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await run(() => send({}));
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form factor-inline" onSubmit={submit} noValidate>
      {note && <p className="field-hint">{note}</p>}
      <div className="form-actions">
        <Button type="submit" variant="danger" busy={busy}>
          {confirmLabel}
        </Button>
        <Button onClick={onCancel}>{w.cancel}</Button>
      </div>
    </form>
  );
}

function KeyGlyph() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="8" cy="15" r="4" />
      <path d="M10.85 12.15 19 4" />
      <path d="m18 5 2 2" />
      <path d="m15 8 2 2" />
    </svg>
  );
}
