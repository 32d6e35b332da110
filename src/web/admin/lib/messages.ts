/**
 * The fixed messages of the specification's error catalogue, word for word, as the English admin
 * shows them. Like the server's messages they are the contract's texts: toasts and field messages
 * hold them as they are, and the Arabic admin says them in Arabic (i18n/server-messages.ts).
 */
export const FALLBACK_ERROR = 'Error occurred';
export const MSG = {
  welcomeBack: 'Welcome Back',
  saveAboutFailed: 'Error saving data',
  phoneUpdated: 'Phone number updated',
  phoneFailed: 'Failed to update phone number',
  imageUploaded: 'Image uploaded successfully!',
  imageUploadFailed: 'Image upload failed',
  uploadFailed: 'Upload failed',
  uploadFirst: 'Please upload an image first.',
} as const;

/** Where the reset flow keeps the token from verify-reset-password, and login keeps its token. */
export const TOKEN_KEY = 'token';

/**
 * Set in session storage by the sign-in page as it hands over to the admin app, which then says
 * MSG.welcomeBack (app/root.tsx): the toast belongs to the app's toaster, after the sign-in page is gone.
 */
export const WELCOME_KEY = 'welcome-back';

/**
 * Set in session storage by the app as it opens the server's sign-in page (app/server-page.tsx):
 * where the owner was headed, and a message to show there, as JSON (read by src/web/admin/sign-in.ts).
 */
export const SIGN_IN_HANDOVER_KEY = 'sign-in-handover';
export interface SignInHandover {
  from?: string;
  note?: string;
}
