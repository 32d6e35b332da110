import { useState } from 'react';
import { PageHeader } from '../components/ui.tsx';
import { useLanguage, useTitle } from '../i18n/language.tsx';
import { useUnsavedGuard } from '../lib/use-unsaved-guard.ts';
import { ContactEditor } from './contact-editor.tsx';
import { PhoneEditor } from './phone-editor.tsx';

/** contact-admin: the phone number and the other contact details (email, WhatsApp, social links, cities). */
export function ContactAdminPage() {
  const { t } = useLanguage();
  useTitle(t.nav.contact);
  const [phoneDirty, setPhoneDirty] = useState(false);
  const [contactDirty, setContactDirty] = useState(false);
  useUnsavedGuard(phoneDirty || contactDirty);
  return (
    <>
      <PageHeader title={t.nav.contact} intro={t.contactIntro} />
      <PhoneEditor onDirtyChange={setPhoneDirty} />
      <ContactEditor onDirtyChange={setContactDirty} />
    </>
  );
}
