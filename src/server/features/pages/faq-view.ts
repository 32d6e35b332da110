import type { Language } from '../../../shared/language.ts';
import type { FaqView } from '../../../shared/page-data.ts';
import type { Faq } from '../../../shared/schemas.ts';

/**
 * Questions as a page shows them: in the page's language when both the English question and answer
 * are written, else in Arabic (the pair is never mixed); the answer in its paragraphs.
 */
export function faqViews(faqs: readonly Faq[], lang: Language): FaqView[] {
  return faqs.map((f) => {
    const en = lang === 'en' && f.questionEn.trim() !== '' && f.answerEn.trim() !== '';
    const answer = en ? f.answerEn : f.answerAr;
    return {
      id: f._id,
      question: en ? f.questionEn : f.questionAr,
      answer: answer
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
      language: en ? 'en' : 'ar',
    };
  });
}
