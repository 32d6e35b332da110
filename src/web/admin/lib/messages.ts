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
