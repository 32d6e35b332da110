import type { Card, CardDetail, CardType } from '../../src/shared/schemas.ts';
import type { HttpClient } from './http.ts';
import { imageForm, uniqueImage, type Fixture } from './images.ts';

/** Test data made through the real API, as the admin would; pass a signed-in client (`server().admin()`). */

/** Uploads an image (a small PNG no other call uploads, unless `fixture` is given) and answers its stored name. */
export async function uploadImage(client: HttpClient, fixture?: Fixture): Promise<string> {
  const file = fixture ?? (await uniqueImage('png', 400, 300));
  const res = await client.post<{ image: string }>('/api/card/upload', imageForm(file));
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.image;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter} ${Math.random().toString(36).slice(2, 8)}`;

export interface CardFields {
  title: string;
  description: string;
  image: string;
}

/** Creates a card of `type` (uploading a fresh image unless `overrides.image` is given); answers the card as the API did. */
export async function createCard(
  client: HttpClient,
  type: CardType,
  overrides: Partial<CardFields> = {},
): Promise<Card> {
  const body: CardFields = {
    title: overrides.title ?? unique(type === 'product' ? 'Spikes' : 'Project'),
    description: overrides.description ?? 'Stainless steel anti-pigeon spikes, fitted on a ledge.',
    image: overrides.image ?? (await uploadImage(client)),
  };
  const res = await client.post<{ data: Card }>(`/api/card/?type=${type}`, body);
  if (res.status !== 201) throw new Error(`create card failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Adds a detail item to the card `cardId`; answers the item as the API did. */
export async function createDetail(
  client: HttpClient,
  cardId: string,
  overrides: Partial<CardFields> = {},
): Promise<CardDetail> {
  const body = {
    title: overrides.title ?? unique('Detail'),
    description: overrides.description ?? 'Close-up of the fitting.',
    image: overrides.image ?? (await uploadImage(client)),
    id: cardId,
  };
  const res = await client.post<{ data: CardDetail }>('/api/card/details', body);
  if (res.status !== 201) throw new Error(`create detail failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
