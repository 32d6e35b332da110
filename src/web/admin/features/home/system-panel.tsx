import { LoadState } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { useDateTime } from '../../lib/dates.ts';
import { system } from '../../lib/endpoints.ts';
import { useLoad } from '../../lib/use-load.ts';

/** Bytes as the owner reads them: 1.4 GB, 820 MB. */
function size(bytes: number, lang: 'ar' | 'en'): string {
  const units: [number, string, string][] = [
    [1024 ** 4, 'TB', 'تيرابايت'],
    [1024 ** 3, 'GB', 'غيغابايت'],
    [1024 ** 2, 'MB', 'ميغابايت'],
    [1024, 'KB', 'كيلوبايت'],
  ];
  const [unit, en, ar] = units.find(([u]) => bytes >= u) ?? [1, 'B', 'بايت'];
  const value = (bytes / unit).toLocaleString(lang === 'ar' ? 'ar-u-nu-latn' : 'en', { maximumFractionDigits: 1 });
  return `${value} ${lang === 'ar' ? ar : en}`;
}

/**
 * The System panel of the admin home (issue 36): is the site still safe to run? The version, the
 * last nightly backup and its restore drill, email, the free disk space, and a warning for what is
 * stale or failing (GET /api/system; the same facts a monitor reads on /healthz).
 */
export function SystemPanel() {
  const { t, lang } = useLanguage();
  const when = useDateTime(lang);
  const loaded = useLoad((signal) => system.get({ signal }), 'system');
  const facts = loaded.data;
  const s = t.system;
  const backup = facts?.backup;
  return (
    <section className="panel" id="system" tabIndex={-1} aria-labelledby="system-heading">
      <h2 className="section-title" id="system-heading">
        {s.title}
      </h2>
      <LoadState loading={loaded.loading && !facts} error={loaded.error} onRetry={loaded.reload} />
      {facts && (
        <>
          {facts.warnings.length === 0 ? (
            <p className="field-hint" role="status">
              {s.allWell}
            </p>
          ) : (
            <div role="status">
              <ul className="check-list">
                {facts.warnings.map((w) => (
                  <li key={w} className="check-item">
                    <span className="check-mark" aria-hidden="true">
                      !
                    </span>
                    <span className="check-text">{s.warnings[w]}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <dl className="system-facts">
            <dt>{s.version}</dt>
            <dd dir="ltr">
              {facts.version}
              {facts.release ? ` (${facts.release})` : ''}
            </dd>
            <dt>{s.lastBackup}</dt>
            <dd>
              {backup ? (
                <>
                  {when.format(new Date(backup.at))}: {backup.status === 'ok' ? s.backupOk : s.backupFailed}
                  {backup.file && (
                    <>
                      , {size(backup.bytes, lang)}, {s.rows(backup.rows)}
                    </>
                  )}
                  ,{' '}
                  {backup.restoreCheck === 'passed'
                    ? s.restorePassed
                    : backup.restoreCheck === 'failed'
                      ? s.restoreFailed
                      : s.restoreNotRun}
                  {backup.problem && (
                    <span className="field-hint system-problem" dir="ltr">
                      {backup.problem}
                    </span>
                  )}
                </>
              ) : (
                s.noBackup
              )}
            </dd>
            <dt>{s.email}</dt>
            <dd>{!facts.mail.configured ? s.mailNotSet : facts.mail.testOk ? s.mailOk : s.mailUntested}</dd>
            {facts.disk && (
              <>
                <dt>{s.disk}</dt>
                <dd>{s.diskOf(size(facts.disk.freeBytes, lang), size(facts.disk.totalBytes, lang))}</dd>
              </>
            )}
          </dl>
        </>
      )}
    </section>
  );
}
