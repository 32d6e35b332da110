import type { SocialIcon } from '../../../shared/site.ts';

/**
 * Icons: decorative (aria-hidden); the link or button around them carries the name. Each is drawn
 * once, as a <symbol> of the page's sprite (ICON_SPRITE, put in the document by the server, outside
 * the app), and shown with <use>: a page repeats the phone and WhatsApp icons many times, and
 * rendering their paths every time was a fifth of the server-rendered markup. The menu and slider
 * islands swap a button's icon by its <use> (menu and close, pause and play), so the sprite holds
 * symbols no server-rendered markup names.
 */
interface IconProps {
  className?: string;
  size?: number;
}

const FILLED = {
  phone:
    'M20.01 15.38c-1.23 0-2.42-.2-3.53-.56a1 1 0 0 0-1.01.24l-1.57 1.97c-2.83-1.35-5.48-3.9-6.89-6.83l1.95-1.66c.27-.28.35-.67.24-1.02-.37-1.11-.56-2.3-.56-3.53 0-.54-.45-.99-.99-.99H4.19C3.65 3 3 3.24 3 3.99 3 13.28 10.73 21 20.01 21c.71 0 .99-.63.99-1.18v-3.45c0-.54-.45-.99-.99-.99z',
  whatsapp:
    'M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.16-.17.2-.35.22-.64.08-.3-.15-1.26-.47-2.4-1.48-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.6.13-.14.3-.35.45-.52.15-.18.2-.3.3-.5.1-.2.05-.37-.03-.52-.07-.15-.67-1.61-.92-2.2-.24-.59-.49-.5-.67-.51h-.57c-.2 0-.52.07-.8.37-.27.3-1.04 1.02-1.04 2.48 0 1.46 1.07 2.88 1.21 3.07.15.2 2.1 3.2 5.08 4.49.71.3 1.26.49 1.7.63.71.22 1.36.19 1.87.12.57-.09 1.76-.72 2-1.42.25-.69.25-1.29.18-1.41-.08-.13-.28-.2-.57-.35zM12.05 21.8h-.01a9.87 9.87 0 0 1-5.03-1.38l-.36-.21-3.74.98 1-3.65-.24-.37a9.86 9.86 0 0 1-1.51-5.26c0-5.45 4.44-9.89 9.89-9.89 2.64 0 5.12 1.03 6.99 2.9a9.83 9.83 0 0 1 2.89 7c0 5.45-4.44 9.88-9.88 9.88zm8.41-18.3A11.82 11.82 0 0 0 12.05 0C5.5 0 .16 5.34.16 11.89c0 2.1.55 4.14 1.59 5.95L.06 24l6.3-1.65a11.88 11.88 0 0 0 5.69 1.45h.01c6.55 0 11.89-5.34 11.89-11.9 0-3.17-1.24-6.16-3.48-8.4z',
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  close:
    'M18.3 5.71 12 12l6.3 6.29-1.42 1.42L10.59 13.4 4.3 19.71 2.88 18.3 9.17 12 2.88 5.71 4.3 4.29l6.29 6.3 6.29-6.3z',
  chevron: 'M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z',
  arrow: 'M12 4l-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  play: 'M8 5v14l11-7z',
  clipboard:
    'M19 3h-4.18C14.4 1.84 13.3 1 12 1s-2.4.84-2.82 2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm-7 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm-2 14-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z',
  mail: 'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 4-8 5-8-5V6l8 5 8-5z',
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z',
  shield:
    'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z',
  tools:
    'm22.7 19-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z',
  x: 'M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.25 6.93zm-1.29 19.5h2.04L6.49 3.24H4.3z',
  tiktok:
    'M12.53.02C13.84 0 15.14.01 16.44 0c.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03a10.7 10.7 0 0 1-5.82-1.9c-.01 2.92.01 5.84-.02 8.75a7.64 7.64 0 0 1-1.35 3.94 7.46 7.46 0 0 1-5.91 3.21 7.3 7.3 0 0 1-4.08-1.03A7.55 7.55 0 0 1 1.6 17.25c-.02-.5-.03-1-.01-1.49a7.54 7.54 0 0 1 8.73-6.68c.02 1.48-.04 2.96-.04 4.44a3.44 3.44 0 0 0-4.38 2.12c-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87a3.28 3.28 0 0 0 2.77-1.61c.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z',
  snapchat:
    'M12 2c3 0 5 2.2 5 5.2v2.3l1.6-.5c.5-.1.9.5.5.9-.6.5-1.6.8-2 1 .4 1.6 1.8 3.3 3.6 3.8.4.1.4.6 0 .8-.8.4-1.8.5-2.1.7-.2.3-.1 1-.5 1.1-.5.1-1.4-.2-2.4.1-1.1.3-1.9 1.6-3.7 1.6s-2.6-1.3-3.7-1.6c-1-.3-1.9 0-2.4-.1-.4-.1-.3-.8-.5-1.1-.3-.2-1.3-.3-2.1-.7-.4-.2-.4-.7 0-.8 1.8-.5 3.2-2.2 3.6-3.8-.4-.2-1.4-.5-2-1-.4-.4 0-1 .5-.9l1.6.5V7.2C7 4.2 9 2 12 2z',
  facebook:
    'M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.43c0-3.01 1.79-4.67 4.53-4.67 1.31 0 2.69.24 2.69.24v2.95h-1.51c-1.49 0-1.96.93-1.96 1.88v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z',
};

/** Drawn with a stroke, not filled. */
const INSTAGRAM =
  '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><circle cx="17.5" cy="6.5" r="0.6" fill="currentColor"/>';

/** The brand mark (a shield with a stylised bird barrier), in its own colours: header and footer show it. */
const LOGO =
  '<rect width="40" height="40" rx="10" fill="#0f4c5c"/><path d="M20 7 9 11.5v7.2c0 6.9 4.7 12.6 11 14.3 6.3-1.7 11-7.4 11-14.3v-7.2L20 7z" fill="#f7f5f0"/><path d="M13 22h14v2.4H13z" fill="#0f4c5c"/><path d="m14.2 22-1.6-6 2.4 6m3.3 0-.8-7.2 1.6 7.2m3.3 0 .8-7.2.8 7.2m2.5 0 2.4-6-1.6 6" stroke="#e9a23b" stroke-width="1.6" stroke-linecap="round" fill="none"/>';

export type IconName = keyof typeof FILLED | 'instagram' | 'logo';

/** The sprite every public page carries once, hidden; the symbols' ids are `i-` and the icon's name. */
export const ICON_SPRITE = `<svg xmlns="http://www.w3.org/2000/svg" class="icon-sprite" width="0" height="0" aria-hidden="true">${Object.entries(
  FILLED,
)
  .map(([name, d]) => `<symbol id="i-${name}" viewBox="0 0 24 24"><path d="${d}" fill="currentColor"/></symbol>`)
  .join(
    '',
  )}<symbol id="i-instagram" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${INSTAGRAM}</symbol><symbol id="i-logo" viewBox="0 0 40 40">${LOGO}</symbol></svg>`;

export function Icon({ name, className, size = 20 }: IconProps & { name: IconName }) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  );
}

const icon =
  (name: IconName, defaultSize: number) =>
  ({ className, size = defaultSize }: IconProps) => <Icon name={name} className={className} size={size} />;

export const PhoneIcon = icon('phone', 20);
export const WhatsAppIcon = icon('whatsapp', 20);
export const MenuIcon = icon('menu', 24);
/** Points to the inline end in LTR; flipped by CSS in RTL (class "flip-rtl"). */
export const ChevronIcon = icon('chevron', 24);
export const ArrowIcon = icon('arrow', 20);
export const PauseIcon = icon('pause', 20);
export const MailIcon = icon('mail', 20);
export const ClipboardIcon = icon('clipboard', 20);
export const PinIcon = icon('pin', 20);
export const ShieldIcon = icon('shield', 28);
export const ToolsIcon = icon('tools', 28);

export const SOCIAL_ICONS: Record<SocialIcon, (p: IconProps) => React.ReactElement> = {
  instagram: icon('instagram', 20),
  x: icon('x', 20),
  tiktok: icon('tiktok', 20),
  snapchat: icon('snapchat', 20),
  facebook: icon('facebook', 20),
};
