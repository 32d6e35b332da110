import { tidyText } from '../../shared/text.ts';
import { InvalidInputError } from './domain-errors.ts';

/**
 * The English pair (title + description/details) of a write. An omitted field keeps `stored`
 * (an edit) or is empty (a new record); '' clears it. Both end up filled or both empty, else 400.
 */
export function englishPair(
  sent: { title: string | undefined; text: string | undefined },
  stored: { title: string; text: string },
  textField: 'descriptionEn' | 'detailsEn',
): { title: string; text: string } {
  const title = tidyText(sent.title ?? stored.title);
  const text = tidyText(sent.text ?? stored.text);
  if ((title === '') !== (text === '')) {
    throw new InvalidInputError(title === '' ? 'titleEn' : textField, 'card.english_pair', { other: textField });
  }
  return { title, text };
}
