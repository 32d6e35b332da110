import type { AppContext } from '../../context.ts';
import { escapeHtml, oneLanguageDocument } from '../../mail/email-layout.ts';
import type { Language } from '../../../shared/language.ts';
import { addDays, dayIn } from './classify.ts';
import { getOptions } from './leads-repository.ts';
import { cardIdOf, pageName } from './page-names.ts';
import { leadResults, type Results } from './results.ts';

const ENGLISH_PLURAL = new Intl.PluralRules('en');

const WORDS = {
  ar: {
    subject: (from: string, to: string) => `نتائج الموقع الأسبوعية (${from} – ${to})`,
    heading: 'ما جلبه الموقع الأسبوع الماضي',
    visitors: 'الزوار',
    calls: 'الاتصالات',
    whatsapp: 'رسائل واتساب',
    requests: 'طلبات المعاينة',
    change: (pct: string) => `${pct} عن الأسبوع الذي قبله`,
    same: 'كما في الأسبوع الذي قبله',
    fresh: 'لا شيء في الأسبوع الذي قبله',
    top: 'الصفحات التي جلبت أكثر تواصل',
    contacts: (_count: number) => 'تواصل',
    more: 'التفاصيل في شاشة النتائج',
    off: 'يمكنك إيقاف هذه الرسالة من شاشة النتائج.',
    locale: 'ar',
  },
  en: {
    subject: (from: string, to: string) => `The site's weekly results (${from} – ${to})`,
    heading: 'What the site brought last week',
    visitors: 'Visitors',
    calls: 'Calls',
    whatsapp: 'WhatsApp messages',
    requests: 'Inspection requests',
    change: (pct: string) => `${pct} on the week before`,
    same: 'the same as the week before',
    fresh: 'none the week before',
    top: 'The pages that brought most contacts',
    contacts: (count: number) => (ENGLISH_PLURAL.select(count) === 'one' ? 'contact' : 'contacts'),
    more: 'The details are on the Results screen',
    off: 'You can switch this email off on the Results screen.',
    locale: 'en',
  },
} as const;

/** The weekly email in the owner's admin language: last week's visitors, calls, WhatsApp and requests, the change, the top three pages. */
function weeklyEmail(
  results: Results,
  lang: Language,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const w = WORDS[lang];
  const n = new Intl.NumberFormat(w.locale);
  const change = (now: number, before: number) => {
    if (now === before) return w.same;
    if (before === 0) return w.fresh;
    const pct = Math.round(((now - before) / before) * 100);
    return w.change(`${pct > 0 ? '+' : '−'}${n.format(Math.abs(pct))}%`);
  };
  const figures = (['visitors', 'calls', 'whatsapp', 'requests'] as const).map(
    (k) => `${w[k]}: ${n.format(results.totals[k])} (${change(results.totals[k], results.previous[k])})`,
  );
  const name = (p: Results['pages'][number]) => {
    const id = cardIdOf(p.key);
    return pageName(
      p.key,
      lang,
      new Map(id && p.cardType && p.title !== undefined ? [[id, { type: p.cardType, title: p.title }]] : []),
    );
  };
  const top = results.pages
    .filter((p) => p.contacts > 0)
    .slice(0, 3)
    .map((p, i) => `${n.format(i + 1)}. ${name(p)}: ${n.format(p.contacts)} ${w.contacts(p.contacts)}`);
  const link = `${publicUrl}${lang === 'en' ? '/en' : ''}/admin/results`;
  const subject = w.subject(results.from, results.to);
  const text = [w.heading, '', ...figures, '', w.top, ...top, '', `${w.more}: ${link}`, w.off, ''].join('\n');
  const p = (s: string) => `<p style="margin:0 0 6px">${escapeHtml(s)}</p>`;
  const body = `${figures.map(p).join('\n')}
<h2 style="margin:16px 0 8px;font-size:18px">${escapeHtml(w.top)}</h2>
${top.map(p).join('\n')}
<p style="margin:16px 0 4px"><a href="${escapeHtml(link)}" style="color:#0f4c5c">${escapeHtml(w.more)}</a></p>
<p style="margin:0;color:#555;font-size:14px">${escapeHtml(w.off)}</p>`;
  const html = oneLanguageDocument(subject, lang, w.heading, body);
  return { subject, text, html };
}

/**
 * Sends last week's results (the seven days before today) to the owner, unless switched off or
 * there is nothing to tell (no visitor and no request in either week). Answers 1 when sent. The weekly job lease
 * (src/server/jobs/schedule.ts) makes it once a week for all servers together.
 */
export async function sendWeeklyEmail(ctx: AppContext, now = new Date()): Promise<number> {
  const options = await getOptions(ctx.db);
  if (!options.weeklyEmail) return 0;
  const owner = await ctx.db.selectFrom('users').select('email').orderBy('created_at').executeTakeFirst();
  if (!owner) return 0;
  const to = addDays(dayIn(ctx.config.leads.timeZone, now), -1);
  const results = await leadResults(ctx.db, addDays(to, -6), to, 7, options.language);
  const quiet = (t: Results['totals']) => t.visitors === 0 && t.requests === 0;
  if (quiet(results.totals) && quiet(results.previous)) return 0;
  await ctx.mailer.send({ to: owner.email, ...weeklyEmail(results, options.language, ctx.config.publicUrl) });
  return 1;
}
