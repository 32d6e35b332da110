import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { DecodeQueueFull } from '../images/decode-queue.ts';
import { encodeOriginal, MAX_UPLOAD_BYTES, type EncodedImage } from '../images/image-encode.ts';
import { TooLargeError } from '../../lib/domain-errors.ts';
import type { ImageStore } from '../images/image-store.ts';
import {
  cleanText,
  EMPTY_REQUEST,
  REQUEST_LIMITS,
  type RequestErrorCode,
  type RequestValues,
} from '../../../shared/quote-request.ts';

/** What a posted request form holds once read: the typed values, the photos re-encoded, and what was wrong with the photos. */
export interface PostedForm {
  values: RequestValues;
  photos: EncodedImage[];
  photoError?: RequestErrorCode;
  /** The hidden field people never see nor fill ('' from a person). */
  trap: string;
  /** When the form was shown (ms since the epoch, as the page wrote it), or NaN. */
  shownAt: number;
  /** The proof of work the island solved (request-challenge.ts), '' from a browser without script. */
  proof: string;
}

const TEXT_FIELDS = new Set<keyof RequestValues>([
  'name',
  'phone',
  'city',
  'cityOther',
  'building',
  'problem',
  'preferredTime',
  'product',
]);
/** Photos beyond the five taken are read past (not kept) so the form's other fields still arrive. */
const MAX_FILE_PARTS = 10;
/** The longest field the form has (the problem, 2,000 characters of Arabic) with room to spare. */
const FIELD_BYTES = 16 * 1024;

export class FormNotMultipart extends Error {}

/**
 * Reads a posted request form (multipart/form-data) as it arrives. Each photo takes a place in the
 * image decoding queue before its bytes are read, and is decoded and re-encoded (bounded decoding,
 * metadata stripped) before the next is read: at most one photo's raw bytes are held at a time.
 */
export async function readRequestForm(request: FastifyRequest, images: ImageStore): Promise<PostedForm> {
  if (!request.isMultipart()) throw new FormNotMultipart('Send the form as multipart/form-data.');
  const form: PostedForm = { values: { ...EMPTY_REQUEST }, photos: [], trap: '', shownAt: Number.NaN, proof: '' };
  const parts = request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILE_PARTS, fields: 20, parts: 30, fieldSize: FIELD_BYTES },
  });
  for await (const part of parts) {
    if (part.type === 'field') readField(form, part.fieldname, typeof part.value === 'string' ? part.value : '');
    else await readPhoto(form, part, images);
  }
  return form;
}

function readField(form: PostedForm, name: string, raw: string): void {
  if (name === 'consent') form.values.consent = raw !== '';
  else if (name === 'website') form.trap = raw;
  else if (name === 'shown') form.shownAt = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  else if (name === 'proof') form.proof = raw;
  else if (TEXT_FIELDS.has(name as keyof RequestValues)) {
    // The problem keeps its line breaks; other fields are one line.
    const value = cleanText(raw);
    (form.values as unknown as Record<string, string>)[name] = name === 'problem' ? value : value.replace(/\s+/g, ' ');
  }
}

async function readPhoto(form: PostedForm, part: Multipart & { type: 'file' }, images: ImageStore): Promise<void> {
  // A file input left empty is sent as a part without a name or bytes.
  if (part.fieldname !== 'photos' || form.photoError !== undefined || part.filename === '') {
    part.file.resume();
    return;
  }
  if (form.photos.length >= REQUEST_LIMITS.photos) {
    form.photoError = 'photoCount';
    part.file.resume();
    return;
  }
  let leave: (() => void) | undefined;
  try {
    leave = images.decodes.enter();
  } catch (err) {
    if (!(err instanceof DecodeQueueFull)) throw err;
    form.photoError = 'busy';
    part.file.resume();
    return;
  }
  try {
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        form.photoError = 'photoSize';
        return;
      }
      throw err;
    }
    if (bytes.length === 0) return; // an empty input
    try {
      form.photos.push(await images.decodes.run(() => encodeOriginal(bytes)));
    } catch (err) {
      form.photoError =
        err instanceof TooLargeError ? (/pixels/.test(err.message) ? 'photoPixels' : 'photoSize') : 'photoKind';
    }
  } finally {
    leave();
  }
}
