import type { Card, CardDetail, Slide } from '../../src/shared/schemas.ts';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { makeImage } from '../helpers/images.ts';

/** A full set of public content made through the API, as the admin would, for the page tests. */
export interface SiteData {
  slides: Slide[];
  detailed: Card;
  plain: Card;
  detail: CardDetail;
  portfolio: Card;
  phone: string;
  about: Record<
    'ar' | 'en',
    { title: string; description: string; title2: string; description2: string; title3: string; description3: string }
  >;
  keywords: string[];
  contact: {
    email: string;
    whatsapp: string;
    instagram: string;
    x: string;
    tiktok: string;
    snapchat: string;
    facebook: string;
    citiesAr: string[];
    citiesEn: string[];
  };
}

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function createSiteData(admin: HttpClient): Promise<SiteData> {
  const tag = Math.random().toString(36).slice(2, 7);
  // A large picture, so the stored image has responsive variants.
  const big = await makeImage('jpeg', 1400, 900, '#3b6f7d');
  const slides: Slide[] = [];
  for (const [title, details] of [
    [`شريحة أولى ${tag}`, `تفاصيل الشريحة الأولى ${tag}`],
    [`Second slide ${tag}`, `Second slide details ${tag}`],
    [`Third slide ${tag}`, `Third details ${tag}`],
  ]) {
    const image = await uploadImage(admin, big);
    slides.push((await ok(admin.post<{ data: Slide }>('/api/slider/', { title, details, image }), 'slide')).data);
  }
  const detailed = await createCard(admin, 'product', {
    title: `أشواك ستانلس ${tag}`,
    description: `Stainless spikes for ledges ${tag}`,
  });
  await ok(admin.put(`/api/card/togggle-details/${detailed._id}`), 'toggle');
  const detail = await createDetail(admin, detailed._id, {
    title: `Window ledge fitting ${tag}`,
    description: `Fitted with silicone ${tag}`,
  });
  const plain = await createCard(admin, 'product', { title: `Bird net ${tag}`, description: `UV-proof net ${tag}` });
  const portfolio = await createCard(admin, 'portfolio', {
    title: `Villa in Riyadh ${tag}`,
    description: `All facade ledges protected ${tag}`,
  });
  const phone = '+966 55 123 4567';
  await ok(admin.put('/api/auth/change-phone', { phoneNumber: phone }), 'phone');
  const about = {
    ar: {
      title: `من نحن ${tag}`,
      description: `وصف عربي ${tag}`,
      title2: `رؤيتنا ${tag}`,
      description2: `وصف الرؤية ${tag}`,
      title3: `رسالتنا ${tag}`,
      description3: `وصف الرسالة ${tag}`,
    },
    en: {
      title: `About us ${tag}`,
      description: `English description ${tag}`,
      title2: `Vision ${tag}`,
      description2: `Vision text ${tag}`,
      title3: `Mission ${tag}`,
      description3: `Mission text ${tag}`,
    },
  };
  for (const language of ['ar', 'en'] as const)
    await ok(admin.post('/api/aboutus/', { ...about[language], language }), 'about');
  const keywords = [`طارد الحمام ${tag}`, `pigeon spikes ${tag}`];
  for (const word of keywords) await ok(admin.post('/api/word/', { word }), 'keyword');
  const contact = {
    email: `hello-${tag}@example.com`,
    whatsapp: '+966 50 765 4321',
    instagram: `https://www.instagram.com/demo.${tag}`,
    x: '',
    tiktok: '',
    snapchat: `https://www.snapchat.com/add/demo.${tag}`,
    facebook: '',
    citiesAr: ['الدمام', 'الرياض', 'المدينة المنورة', 'جدة', 'الخبر'],
    citiesEn: ['Dammam', 'Riyadh', 'Madinah', 'Jeddah', 'Khobar'],
  };
  await ok(admin.put('/api/contact', contact), 'contact');
  return { slides, detailed, plain, detail, portfolio, phone, about, keywords, contact };
}

/** The English address of an Arabic path: "/" → "/en", "/about" → "/en/about". */
export const enPath = (path: string): string => (path === '/' ? '/en' : `/en${path}`);

/** The attribute values of every `<tag … attr="…">` in `html`. */
export function attrs(html: string, tag: string, attr: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))) {
    const v = new RegExp(`\\s${attr}="([^"]*)"`).exec(m[0]);
    if (v) out.push(v[1]!);
  }
  return out;
}

/** Every `<tag …>` opening tag in `html`. */
export const tags = (html: string, tag: string): string[] =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((m) => m[0]);

/** The JSON-LD blocks of a page. */
/** Every structured-data item of a page: each script's object, or each item of its @graph. */
export function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!))
    .flatMap((block) => (Array.isArray(block['@graph']) ? block['@graph'] : [block]));
}

/** Text as React writes it into HTML (so a test can look for stored content in raw markup). */
export const html = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
