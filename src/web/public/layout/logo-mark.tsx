/** The brand mark: a shield with a stylised bird barrier; decorative next to the name. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#0f4c5c" />
      <path d="M20 7 9 11.5v7.2c0 6.9 4.7 12.6 11 14.3 6.3-1.7 11-7.4 11-14.3v-7.2L20 7z" fill="#f7f5f0" />
      <path d="M13 22h14v2.4H13z" fill="#0f4c5c" />
      <path d="m14.2 22-1.6-6 2.4 6m3.3 0-.8-7.2 1.6 7.2m3.3 0 .8-7.2.8 7.2m2.5 0 2.4-6-1.6 6" stroke="#e9a23b" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}
