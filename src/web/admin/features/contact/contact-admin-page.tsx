import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { contact } from '../../lib/endpoints.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useUnsavedGuard } from '../../lib/use-unsaved-guard.ts';
import { AddressEditor } from './address-editor.tsx';
import { ContactEditor } from './contact-editor.tsx';
import { HoursEditor } from './hours-editor.tsx';
import { PhoneEditor } from '../phone/phone-editor.tsx';

/**
 * /admin/contact: the phone number, the other contact details (email, WhatsApp, social links,
 * cities), the opening hours, and the address with its map location. The last three are one record
 * read once here, so that a save in one section is the version the next section saves against.
 */
export function ContactAdminPage() {
  const { t } = useLanguage();
  useTitle(t.nav.contact);
  const loaded = useLoad((signal) => contact.get({ signal }), 'contact');
  const [phoneDirty, setPhoneDirty] = useState(false);
  const [contactDirty, setContactDirty] = useState(false);
  const [hoursDirty, setHoursDirty] = useState(false);
  const [addressDirty, setAddressDirty] = useState(false);
  useUnsavedGuard(phoneDirty || contactDirty || hoursDirty || addressDirty);
  // A link to one section (#hours, #address, from the launch checklist) brings it into view once it is there.
  const { hash } = useLocation();
  const ready = loaded.data !== undefined;
  useEffect(() => {
    const section = hash && ready ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section?.tagName === 'SECTION') section.focus();
  }, [hash, ready]);
  return (
    <>
      <PageHeader title={t.nav.contact} intro={t.contactIntro} />
      <PhoneEditor onDirtyChange={setPhoneDirty} />
      <ContactEditor loaded={loaded} onDirtyChange={setContactDirty} />
      <HoursEditor loaded={loaded} onDirtyChange={setHoursDirty} />
      <AddressEditor loaded={loaded} onDirtyChange={setAddressDirty} />
    </>
  );
}
