import { Type } from 'typebox';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/auth: sign-in and out, the password reset, and the contact phone (which the contract keeps here). */
export { errors, MessageOnly } from '../answers.ts';
export { ChangePassword, EmailOnly, IdParams, Login, PhoneChange, ResetPassword, VerifyOtp } from '../../../../shared/schemas.ts';
import { SessionItem } from '../../../../shared/schemas.ts';

export const tags = ['auth'];
export const SignedIn = Type.Object({ token: Type.String(), message: Type.String() });
export const LoggedIn = messageAndData(Type.Object({ email: Type.String() }));
export const PhoneAnswer = dataOf(Type.String());
export const PhoneSaved = messageAndData(Type.String());
export const CodeVerified = Type.Object({ message: Type.String(), token: Type.String() });
export const SessionList = dataOf(Type.Array(SessionItem));
