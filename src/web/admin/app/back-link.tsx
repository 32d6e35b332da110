import { Link } from 'react-router';
import { BackIcon } from '../components/icons.tsx';
import { useLanguage } from '../i18n/language.tsx';

/** The way back to the list a form or detail screen belongs to. */
export function BackLink({ path, label }: { path: string; label: string }) {
  const { to } = useLanguage();
  return (
    <Link className="back-link" to={to(path)}>
      <BackIcon />
      {label}
    </Link>
  );
}
