import { Type } from 'typebox';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/auth: sign-in and out, the password reset, second factors and the account's guard (the contact phone, also under /api/auth, is features/phone). */
export { errors, MessageOnly } from '../answers.ts';
export {
  AddPasskey,
  AdmissionCode,
  ChangePassword,
  ConfirmAgain,
  EmailChangeCode,
  EmailChangeStart,
  EmailOnly,
  IdParams,
  Login,
  PasskeyOptionsBody,
  PasskeySignIn,
  PendingChange,
  Recheck,
  RecheckState,
  RenamePasskey,
  ResetPassword,
  SecondStep,
  TotpCode,
  UndoToken,
  VerifyOtp,
} from '../../../shared/schemas.ts';
import { FactorsView, PasskeyItem, SecondStepInfo, SessionItem } from '../../../shared/schemas.ts';

export const tags = ['auth'];
export const SignedIn = Type.Object({ token: Type.String(), message: Type.String() });
export const LoggedIn = messageAndData(
  Type.Object({
    email: Type.String(),
    trashDays: Type.Integer({
      description: 'How many days a deleted item stays in the trash (TRASH_DAYS), for the delete dialog to say',
    }),
  }),
);
export const CodeVerified = Type.Object({
  message: Type.String(),
  token: Type.String(),
  secondStep: Type.Optional(SecondStepInfo),
});
/** The right password (or reset code) of an account with a second factor: no session, a ticket for the second step. */
export const SecondStepNeeded = Type.Object({ message: Type.String(), secondStep: SecondStepInfo });
export const Factors = dataOf(FactorsView);
export const PasskeyAdded = messageAndData(
  Type.Object({
    passkey: PasskeyItem,
    recoveryCodes: Type.Optional(
      Type.Array(Type.String(), { description: 'Made with the first factor: shown once, never again' }),
    ),
  }),
);
export const RecoveryCodesAnswer = messageAndData(
  Type.Object({
    recoveryCodes: Type.Optional(Type.Array(Type.String(), { description: 'Shown once, never again' })),
  }),
);
export const TotpSetupAnswer = dataOf(
  Type.Object({
    secret: Type.String({ description: 'Base32, for typing into the app by hand' }),
    uri: Type.String({ description: 'The otpauth:// address the QR code holds' }),
    qrSvg: Type.String({ description: 'The QR code, an SVG document' }),
  }),
);
/** WebAuthn options as @simplewebauthn/browser takes them. */
export const WebAuthnOptions = dataOf(Type.Unknown());
export const SessionList = dataOf(Type.Array(SessionItem));
