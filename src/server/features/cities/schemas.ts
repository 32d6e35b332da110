import { Type } from 'typebox';
import { City } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/cities (the served cities and their pages). */
export { CityInput } from '../../../shared/schemas.ts';

export const tags = ['cities'];
export const CityList = dataOf(Type.Array(City));
export const CitySaved = messageAndData(City);
