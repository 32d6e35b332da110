import { useLanguage } from '../i18n/language.tsx';

/** On an item that still shows a demo photo or text (the launch checklist counts it). */
export function DemoBadge({ demo }: { demo: boolean }) {
  const { t } = useLanguage();
  return demo ? <p className="badge badge-demo">{t.demoBadge}</p> : null;
}

/** Above a list: how many of its items are marked Demo, and what to do about them (nothing when none). */
export function DemoSummary({
  items,
  demo,
}: {
  items: readonly { _id: string }[] | undefined;
  demo: ReadonlySet<string>;
}) {
  const { t } = useLanguage();
  const count = items?.filter((i) => demo.has(i._id)).length ?? 0;
  return count > 0 ? <p className="notice notice-demo">{t.demoSummary(count)}</p> : null;
}
