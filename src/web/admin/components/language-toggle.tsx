import { useLocation, useNavigate } from 'react-router';
import { otherLanguagePath, useLanguage } from '../i18n/language.tsx';
import { GlobeIcon } from './icons.tsx';

/** Same page, other language: the path gains or loses /en; query and navigation state are kept. */
export function LanguageToggle({ className = 'btn btn-ghost-light' }: { className?: string }) {
  const { lang, t } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className={className}
      lang={other}
      aria-label={t.switchLanguage}
      onClick={() =>
        navigate(
          { pathname: otherLanguagePath(lang, location.pathname), search: location.search, hash: location.hash },
          { state: location.state, preventScrollReset: true },
        )
      }
    >
      <GlobeIcon />
      <span>{t.otherLanguage}</span>
    </button>
  );
}
