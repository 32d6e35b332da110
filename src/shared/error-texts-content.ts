/**
 * The error texts of the content screens: a part of the catalogue (error-codes.ts, decision 037),
 * loaded by the admin with those screens only.
 */
import type { RequestErrorCode as RequestErrorKey } from './quote-request.ts';
import { REQUEST_WORDS } from './i18n/request-words.ts';
import type { Text } from './error-texts-account.ts';

const QUOTE_FORM_KEYS = /* @__PURE__ */ Object.keys(REQUEST_WORDS.en.errors) as RequestErrorKey[];

/**
 * The public quote request form's refusals (`POST /api/requests`): their `message` is in the form's
 * language (`?lang`), the words its page shows; the English here is the `lang=en` answer.
 */
const QUOTE_FORM_ERRORS = /* @__PURE__ */ Object.fromEntries(
  QUOTE_FORM_KEYS.map((key) => [`quote.${key}`, REQUEST_WORDS.en.errors[key]]),
) as { [K in RequestErrorKey as `quote.${K}`]: string };

/** The content screens: cards, slides, keywords, cities, questions, contact details, proof, images, requests, trash and history. */
export const CONTENT_ERRORS = {
  'record.changed': 'This record was changed by someone else since you opened it. Reload to see the latest version.',
  'card.not_found': 'Card not found.',
  'card.address_taken': (p: { slug: string }) =>
    `Another product or project already has the address "${p.slug}": choose another.`,
  'card.english_pair': (p: { other: string }) =>
    `titleEn and ${p.other} go together: fill in both English fields, or leave both empty.`,
  'detail.not_found': 'Detail item not found.',
  'slide.not_found': 'Slide not found.',
  'keyword.not_found': 'Keyword not found.',
  'keyword.taken': (p: { word: string }) => `The keyword "${p.word}" already exists.`,
  'image.not_found': 'Image not found.',
  'image.no_such': 'No such image.',
  'image.required': 'image is required: send the file as multipart/form-data in the field "image".',
  'image.field_required': 'image is required: send the file in the multipart field "image".',
  'image.not_uploaded':
    'image is not an uploaded image: upload the image first (POST /api/card/upload), then send the name it answers.',
  'image.too_many_bytes':
    'This photo is larger than 10 MB. Save a smaller copy (a JPEG at most 6000 pixels on its longest side), then upload it again.',
  'image.too_many_pixels':
    'This photo is too big to process. Resize it to at most 6000 pixels on its longest side, then upload it again.',
  'image.unreadable': 'The file is not an image we can read. Use JPEG, PNG, WebP, AVIF or GIF.',
  'image.wrong_kind': 'Only JPEG, PNG, WebP, AVIF or GIF images are accepted.',
  'image.no_dimensions': 'The image has no dimensions.',
  'image.damaged': 'The image could not be decoded; it may be damaged.',
  'image.busy': 'The server is busy processing other images. Please try the upload again in a few seconds.',
  'city.not_found': 'City not found.',
  'city.address_taken': (p: { slug: string }) => `Another city already has the address /cities/${p.slug}.`,
  'city.address_taken_restore': (p: { slug: string }) =>
    `Another city now has the address /cities/${p.slug}: give that city another address, or delete it, then restore this one.`,
  'city.too_many': (p: { max: number }) => `nameAr: at most ${p.max} cities; delete one first.`,
  'city.too_many_restore': (p: { max: number }) => `At most ${p.max} cities: delete one, then restore this one.`,
  'city.phone': (p: { field: string }) => `${p.field} must be a phone number (050 123 4567, 011 234 5678 or +…).`,
  'city.unknown_projects': (p: { count: number }) =>
    `projectIds names ${p.count} portfolio entr${p.count === 1 ? 'y' : 'ies'} that do not exist.`,
  'city.lists': (p: { field: string }) =>
    `${p.field} is made from the city entries on this site: change the cities on the Cities screen (/api/cities), and send the list as read, or leave it out.`,
  'faq.not_found': 'Question not found.',
  'faq.too_many': (p: { max: number }) => `questionAr: at most ${p.max} questions; delete one first.`,
  'faq.answer_en': 'answerEn: write the English answer too, or leave the English question empty.',
  'faq.question_en': 'questionEn: write the English question too, or leave the English answer empty.',
  'faq.both_places': 'cardId: a question is shown on a city page or on a product page, not both.',
  'faq.no_city': 'cityId names no city of this site.',
  'faq.no_card': 'cardId names no product of this site.',
  'faq.order': 'ids must name every question once: reload the list and try again.',
  'phone.invalid': (p: { field: string }) =>
    `${p.field} must be a Saudi mobile or landline number, like 050 123 4567 or 011 234 5678 (or an international number starting with +).`,
  'contact.whatsapp':
    'whatsapp must be a Saudi mobile or landline number, like 050 123 4567 or 011 234 5678 (or an international number starting with +). Leave it empty to use the phone number.',
  'contact.email': 'email must be a valid email address, like name@example.com.',
  'contact.social': (p: { field: string }) =>
    `${p.field} must be @yourname or a link starting with https:// (for example https://www.${p.field}.com/yourname), or empty.`,
  'contact.maps_link':
    'mapsLink must be a Google Maps link: in Google Maps, open the place, press Share and copy the link (like https://maps.app.goo.gl/…), or leave it empty.',
  'contact.location': 'location must be the latitude and the longitude, like 26.4207, 50.0888, or empty.',
  'hours.same_time': (p: { field: string; from: string }) =>
    `${p.field} must not be the opening time ${p.from}: a range that closes after midnight ends the next morning, like 16:00 to 01:00.`,
  'hours.past_midnight': (p: { field: string; from: string }) =>
    `${p.field} must be later than the opening time ${p.from}: only the last range of a day may close after midnight.`,
  'hours.overlap': (p: { field: string; time: string }) =>
    `${p.field} must be ${p.time} or later: the second time range starts after the first one ends.`,
  'proof.reviews_link':
    'reviewsLink must be the link to your Google Business Profile or its reviews, starting with https:// (like https://g.page/r/… or https://maps.app.goo.gl/…), or empty.',
  'proof.cr_check_link':
    'crCheckLink must be the link to an official page where the registration is checked, starting with https:// on a .gov.sa or business.sa address, or empty.',
  'proof.vat_check_link':
    'vatCheckLink must be the link to an official page where the VAT number is checked, starting with https:// on a .gov.sa address, or empty.',
  'proof.cr_number': 'crNumber must be the 10 digits of the commercial registration, like 1010123456, or empty.',
  'proof.vat_number':
    'vatNumber must be the 15 digits of the VAT number, starting and ending with 3, like 300123456700003, or empty.',
  'proof.quote_text': (p: { field: string }) =>
    `${p.field} must not be empty when textEn is: write the quote in Arabic, English or both.`,
  'proof.quote_name': (p: { field: string }) => `${p.field} must not be empty`,
  'proof.quote_id': (p: { field: string }) => `${p.field} must not repeat another quote's id.`,
  'trash.not_in_trash': 'This item is not in the trash (any more).',
  'history.not_kept': 'This version is not kept (any more).',
  'history.damaged':
    'This item cannot be restored: what was kept of it is damaged (it is not an item the site can show).',
  'history.card_first': 'The card of this item is not there: restore the card first.',
  'history.keyword_taken': 'An item with the same keyword exists already.',
  'history.exists': 'This item exists already.',
  'history.image_gone': 'An image of this item is gone.',
  'history.version_image_gone': 'The image of this version is gone.',
  'request.not_found': 'Request not found.',
  'request.photo_not_found': 'Photo not found.',
  'request.in_trash': 'This request is in the Trash: restore it first.',
  'request.not_multipart': 'Send the form as multipart/form-data.',
  ...QUOTE_FORM_ERRORS,
  'leads.bad_days': 'from and to must be real days (YYYY-MM-DD)',
  'leads.from_after_to': 'from must not be after to',
  'leads.too_far_apart': (p: { max: number }) => `from and to must be at most ${p.max} days apart`,
  'leads.too_many_beacons': 'Too many beacons; try again in a minute.',
  'leads.beacon_not_json': 'The request body is not JSON.',
} as const satisfies Record<string, Text>;
