import { missingEnglish } from '../../../shared/localize.ts';
import { useLanguage } from '../i18n/language.tsx';

/** Under an item's Arabic title: its English title, or a mark that the English site shows the Arabic. */
export function EnglishTitle({ titleEn }: { titleEn?: string | undefined }) {
  const { t } = useLanguage();
  if (missingEnglish({ titleEn })) return <p className="badge badge-missing">{t.noEnglish}</p>;
  return (
    <p className="tile-subtitle" lang="en" dir="ltr">
      {titleEn}
    </p>
  );
}

/** How many of a list's items have no English yet (nothing while the list is empty). */
export function MissingEnglishSummary({ items }: { items: readonly { titleEn?: string | undefined }[] | undefined }) {
  const { t } = useLanguage();
  if (!items || items.length === 0) return null;
  const missing = items.filter(missingEnglish).length;
  return (
    <p className="missing-summary" data-missing={missing}>
      {t.missingEnglishCount(missing, items.length)}
    </p>
  );
}
