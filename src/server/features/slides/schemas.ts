import { Type } from 'typebox';
import { Id, Slide } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/slider (the home slides). */
export { errors, MessageOnly } from '../answers.ts';
export { IdParams, LanguageQuery, SlideCreate, SlideUpdate } from '../../../shared/schemas.ts';

export const tags = ['slides'];
export const SlideList = dataOf(Type.Array(Slide));
export const SlideAnswer = messageAndData(Slide);
/** The contract's directions, inverted as its admin sends them: the Up button sends `down`. */
export const MoveParams = Type.Object({
  direction: Type.Enum(['up', 'down'], {
    description: '`down` moves the slide one place earlier (towards the first), `up` one place later',
  }),
  id: Id,
});
