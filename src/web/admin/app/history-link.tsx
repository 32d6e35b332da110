import { Link } from 'react-router';
import { HistoryIcon } from '../components/icons.tsx';
import { useLanguage } from '../i18n/language.tsx';

/** An edit screen's link to its item's own history (issue 26). */
export function HistoryLink({ item }: { item: string }) {
  const { t, to } = useLanguage();
  if (!item) return null;
  return (
    <Link className="btn btn-secondary btn-sm" to={to(`/admin/history?id=${encodeURIComponent(item)}`)}>
      <HistoryIcon />
      {t.historyOfItem}
    </Link>
  );
}
