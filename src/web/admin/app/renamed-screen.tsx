import { Navigate, useLocation } from 'react-router';
import { useLanguage } from '../i18n/language.tsx';

/**
 * The old address of a renamed screen (RENAMED_ADMIN_SCREENS in src/shared/admin-screens.ts): the
 * same screen at its new address, in the same language, its query and fragment kept.
 */
export function RenamedScreen({ to }: { to: string }) {
  const { to: inLanguage } = useLanguage();
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: inLanguage(to), search, hash }} />;
}
