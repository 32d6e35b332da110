import { useState } from 'react';
import { Link } from 'react-router';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { history, type ListedChange } from '../../lib/endpoints.ts';
import { useDateTime } from '../../lib/dates.ts';
import { kindOfCard } from '../../lib/kinds.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useScreenContext } from '../../app/nav-state.ts';
import type { Dict, Language } from '../../i18n/dictionary.ts';
import { locationText, weekLines } from '../../lib/hours-text.ts';
import type { MapLocation, OpeningHours } from '../../../../shared/hours.ts';
import type { RequestStatus } from '../../../../shared/quote-request.ts';

/** The fields a change names, as the owner calls them; an unknown one is shown by its own name. */
const FIELD_NAMES: Record<'ar' | 'en', Record<string, string>> = {
  ar: {
    title: 'العنوان',
    description: 'الوصف',
    details: 'التفاصيل',
    titleEn: 'العنوان بالإنجليزية',
    descriptionEn: 'الوصف بالإنجليزية',
    // The search titles (titleEn and descriptionEn as above).
    titleAr: 'العنوان بالعربية',
    descriptionAr: 'الوصف بالعربية',
    slugEn: 'رابط الصفحة بالإنجليزية',
    detailsEn: 'التفاصيل بالإنجليزية',
    image: 'الصورة',
    isDetailed: 'صفحة التفاصيل',
    title2: 'العنوان 2',
    description2: 'الوصف 2',
    title3: 'العنوان 3',
    description3: 'الوصف 3',
    phone: 'رقم الهاتف',
    email: 'البريد الإلكتروني',
    whatsapp: 'واتساب',
    instagram: 'إنستغرام',
    x: 'إكس',
    tiktok: 'تيك توك',
    snapchat: 'سناب شات',
    facebook: 'فيسبوك',
    citiesAr: 'المدن بالعربية',
    citiesEn: 'المدن بالإنجليزية',
    word: 'الكلمة المفتاحية',
    place: 'الترتيب بين الشرائح',
    hours: 'مواعيد العمل',
    hoursNoteAr: 'ملاحظة المواعيد بالعربية',
    hoursNoteEn: 'ملاحظة المواعيد بالإنجليزية',
    addressAr: 'العنوان بالعربية',
    addressEn: 'العنوان بالإنجليزية',
    location: 'الموقع على الخريطة',
    yearsInBusiness: 'سنوات الخبرة',
    jobsDone: 'المشاريع المنجزة',
    citiesServed: 'عدد المدن',
    guaranteeAr: 'الضمان بالعربية',
    guaranteeEn: 'الضمان بالإنجليزية',
    crNumber: 'رقم السجل التجاري',
    vatNumber: 'الرقم الضريبي',
    quotes: 'آراء العملاء',
    status: 'حالة الطلب',
    notes: 'ملاحظاتك',
    // A city (issue 34): its fields by the names the cities API answers.
    slug: 'رابط الصفحة',
    nameAr: 'الاسم بالعربية',
    nameEn: 'الاسم بالإنجليزية',
    introAr: 'المقدمة بالعربية',
    introEn: 'المقدمة بالإنجليزية',
    areasAr: 'الأحياء والمناطق بالعربية',
    areasEn: 'الأحياء والمناطق بالإنجليزية',
    enabled: 'تظهر في الموقع',
    position: 'الترتيب',
    projectIds: 'عدد الأعمال المنفذة فيها',
  },
  en: {
    title: 'Title',
    description: 'Description',
    details: 'Details',
    titleEn: 'English title',
    descriptionEn: 'English description',
    titleAr: 'Arabic title',
    descriptionAr: 'Arabic description',
    slugEn: 'Page address in English',
    detailsEn: 'English details',
    image: 'Image',
    isDetailed: 'Details page',
    title2: 'Title 2',
    description2: 'Description 2',
    title3: 'Title 3',
    description3: 'Description 3',
    phone: 'Phone number',
    email: 'Email',
    whatsapp: 'WhatsApp',
    instagram: 'Instagram',
    x: 'X',
    tiktok: 'TikTok',
    snapchat: 'Snapchat',
    facebook: 'Facebook',
    citiesAr: 'Cities in Arabic',
    citiesEn: 'Cities in English',
    word: 'Keyword',
    place: 'Place among the slides',
    hours: 'Opening hours',
    hoursNoteAr: 'Hours note in Arabic',
    hoursNoteEn: 'Hours note in English',
    addressAr: 'Address in Arabic',
    addressEn: 'Address in English',
    location: 'Map location',
    yearsInBusiness: 'Years in business',
    jobsDone: 'Jobs done',
    citiesServed: 'Cities served',
    guaranteeAr: 'Guarantee in Arabic',
    guaranteeEn: 'Guarantee in English',
    crNumber: 'CR number',
    vatNumber: 'VAT number',
    quotes: 'Customer quotes',
    status: 'Request status',
    notes: 'Your notes',
    slug: 'Page address',
    nameAr: 'Name in Arabic',
    nameEn: 'Name in English',
    introAr: 'Introduction in Arabic',
    introEn: 'Introduction in English',
    areasAr: 'Areas in Arabic',
    areasEn: 'Areas in English',
    enabled: 'Shown on the site',
    position: 'Order',
    projectIds: 'Projects done there (how many)',
  },
};

/** A city's on/off switch in words. */
const ON_OFF: Record<Language, readonly [string, string]> = { ar: ['نعم', 'لا'], en: ['Yes', 'No'] };

type Value =
  string | number | boolean | string[] | Record<string, string>[] | Record<string, unknown> | null | undefined;
const IMAGE = /^[a-f0-9]{32}\.webp$/;

/** A customer quote in a list: its words (Arabic, else English), then who said it, each part kept in its own direction. */
const QuoteLine = ({ q, comma }: { q: Record<string, string>; comma: string }) => (
  <>
    <bdi>{q.textAr || q.textEn}</bdi> — <bdi>{q.name}</bdi>
    {(q.cityAr || q.cityEn) && (
      <>
        {comma}
        <bdi>{q.cityAr || q.cityEn}</bdi>
      </>
    )}
  </>
);

/** A value as text: the contact details' opening hours a day a line, the map location as its two numbers. */
function textOf(value: Value, field: string, lang: Language, t: Dict): string {
  if (value === undefined || value === null) return '';
  // A request's status, in the owner's words (new, contacted, done, spam).
  if (field === 'status' && typeof value === 'string') return t.requests.statuses[value as RequestStatus] ?? value;
  // A city's projects: how many (their ids say nothing to the owner).
  if (field === 'projectIds' && Array.isArray(value)) return String(value.length);
  if (field === 'enabled' && typeof value === 'boolean') return ON_OFF[lang][value ? 0 : 1];
  if (Array.isArray(value)) return value.join('، ');
  if (typeof value !== 'object') return String(value);
  if (field === 'hours') return weekLines(value as unknown as OpeningHours, lang, t).join('\n');
  if (field === 'location') return locationText(value as unknown as MapLocation);
  return JSON.stringify(value);
}

function Shown({ value, label, field }: { value: Value; label: string; field: string }) {
  const { t, lang } = useLanguage();
  if (typeof value === 'string' && IMAGE.test(value))
    return (
      <img className="history-image" src={`/uploads/${value}`} alt={label} width={120} height={90} loading="lazy" />
    );
  if (Array.isArray(value) && value.some((v) => typeof v === 'object')) {
    const quotes = value as Record<string, string>[];
    return (
      <ol className="history-quotes">
        {quotes.map((q, i) => (
          <li key={q.id ?? i}>
            <QuoteLine q={q} comma={lang === 'ar' ? '، ' : ', '} />
          </li>
        ))}
      </ol>
    );
  }
  const text = textOf(value as Exclude<Value, Record<string, string>[]>, field, lang, t);
  return (
    <span className="history-value" dir="auto">
      {text === '' ? t.empty : text}
    </span>
  );
}

/** One change: the fields it changed, before and after, and "Restore this version". */
function Change({ entry, onRestored }: { entry: ListedChange; onRestored: () => void }) {
  const { t, lang } = useLanguage();
  const [busy, setBusy] = useState(false);
  const when = useDateTime(lang);
  const restore = async () => {
    setBusy(true);
    try {
      const answer = await history.restore(entry.id, entry.current);
      const made = answer.data.historyId;
      if (made) notify.undoable(answer.message, async () => (await history.restore(made, null)).message);
      else notify.success(answer.message);
      onRestored();
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };
  const status = entry.before === null ? t.added : entry.after === null ? t.removed : null;
  // A card is a product or a project to the owner.
  const cardKind = kindOfCard(entry.cardType);
  const kind =
    t.kinds[entry.kind === 'card' && (cardKind === 'product' || cardKind === 'project') ? cardKind : entry.kind];
  return (
    <li className="history-row" aria-labelledby={`change-${entry.id}`}>
      <div className="history-head">
        <div>
          <p className="trash-kind">
            {kind}
            {status ? ` · ${status}` : ''}
          </p>
          <h2 className="trash-title" id={`change-${entry.id}`} dir="auto">
            {entry.title || kind}
          </h2>
          <p className="trash-meta">
            <time dateTime={entry.changedAt}>
              {t.changedBy(entry.changedBy, when.format(new Date(entry.changedAt)))}
            </time>
          </p>
        </div>
        <Button small busy={busy} onClick={restore}>
          {t.restoreVersion}
        </Button>
      </div>
      {entry.before && entry.after && (
        <table className="history-fields">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">—</span>
              </th>
              <th scope="col">{t.before}</th>
              <th scope="col">{t.after}</th>
            </tr>
          </thead>
          <tbody>
            {entry.fields.map((f) => (
              <tr key={f}>
                <th scope="row">{FIELD_NAMES[lang][f] ?? <code>{f}</code>}</th>
                <td>
                  <Shown field={f} value={entry.before?.[f]} label={`${t.before}: ${FIELD_NAMES[lang][f] ?? f}`} />
                </td>
                <td>
                  <Shown field={f} value={entry.after?.[f]} label={`${t.after}: ${FIELD_NAMES[lang][f] ?? f}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** /admin/history, or ?id=… for one item's history: recent changes, newest first (issue 26). */
export function HistoryPage() {
  const { t, to } = useLanguage();
  const item = useScreenContext().id;
  useTitle(item ? t.historyOfItem : t.historyTitle);
  const list = useLoad((signal) => history.list(item, { signal }), item ?? 'all');
  return (
    <>
      <PageHeader
        title={item ? t.historyOfItem : t.historyTitle}
        intro={t.historyIntro}
        actions={
          item ? (
            <Link className="btn btn-secondary" to={to('/admin/history')}>
              {t.allHistory}
            </Link>
          ) : undefined
        }
      />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && list.data.length === 0 && <p className="empty">{t.historyEmpty}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="history-list">
          {list.data.map((entry) => (
            <Change key={entry.id} entry={entry} onRestored={list.reload} />
          ))}
        </ul>
      )}
    </>
  );
}
