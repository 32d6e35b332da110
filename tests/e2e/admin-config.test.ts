import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MSG, FALLBACK_ERROR } from '../../src/web/admin/lib/messages.ts';
import { TOAST_LIMIT, TOAST_OPTIONS } from '../../src/web/admin/lib/notify.ts';

test('toasts follow the specification: 4000 ms by default and for errors, 2000 ms for success, 20 at most', () => {
  assert.equal(TOAST_OPTIONS.duration, 4000);
  assert.equal(TOAST_OPTIONS.error?.duration, 4000);
  assert.equal(TOAST_OPTIONS.success?.duration, 2000);
  assert.equal(TOAST_LIMIT, 20);
});

test('the catalogue messages are word for word', () => {
  assert.equal(FALLBACK_ERROR, 'Error occurred');
  assert.deepEqual(MSG, {
    welcomeBack: 'Welcome Back',
    saveAboutFailed: 'Error saving data',
    phoneUpdated: 'Phone number updated',
    phoneFailed: 'Failed to update phone number',
    imageUploaded: 'Image uploaded successfully!',
    imageUploadFailed: 'Image upload failed',
    uploadFailed: 'Upload failed',
    uploadFirst: 'Please upload an image first.',
  });
});
