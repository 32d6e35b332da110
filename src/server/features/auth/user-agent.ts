import Bowser from 'bowser';

/** A browser and its system in words, from a User-Agent; each is null when it cannot be told. */
export interface DeviceWords {
  browser: string | null;
  os: string | null;
}

/** "Chrome 126" and "Windows 10", "Safari 17.5" and "iOS 17.5"…: names and versions as their makers write them. */
export function describeUserAgent(userAgent: string): DeviceWords {
  if (!userAgent.trim()) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  const major = (version: string | undefined) => version?.split('.').slice(0, 2).join('.').replace(/\.0$/, '');
  const words = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;
  return {
    browser: browser.name ? words(browser.name, major(browser.version)) : null,
    os: os.name ? words(os.name, os.versionName ?? (os.name === 'Windows' ? undefined : os.version)) : null,
  };
}
