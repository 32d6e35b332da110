/**
 * The admin app's addresses, one list that both its router (src/web/admin/router.tsx) and the
 * server's admin shell (src/server/features/admin-shell/routes.ts) read. Arabic at the root,
 * English with /en before the same path.
 *
 * One naming rule: the contract's screens keep their names exactly (product-admin, portfolio-admin,
 * about-admin, details-admin, slide-admin, keyword-admin, addproduct, editcard, addslide,
 * editslide); every other screen is /admin/<noun>, a plain lowercase noun naming its feature
 * (contact, proof, results, trash, history, security), and the forms of the contract's entities
 * follow its add/edit pattern (adddetail, editdetail).
 */

/** The screens under /admin/ (the dashboard is /admin itself). */
export const ADMIN_SCREENS = [
  'product-admin',
  'portfolio-admin',
  'details-admin',
  'about-admin',
  'slide-admin',
  'keyword-admin',
  'addproduct',
  'editcard',
  'adddetail',
  'editdetail',
  'addslide',
  'editslide',
  'contact',
  'proof',
  'cities',
  'faq',
  'results',
  'requests',
  'history',
  'trash',
  'security',
] as const;
export type AdminScreen = (typeof ADMIN_SCREENS)[number];

/** The sign-in and password-reset screens under /auth/. */
export const AUTH_SCREENS = ['login', 'verifyemail', 'sendotp', 'newpassword', 'admit', 'undo'] as const;
export type AuthScreen = (typeof AUTH_SCREENS)[number];

/**
 * Screens renamed to follow the rule, old name → new, under /admin/. Their old addresses keep
 * working: the server answers them 301 with the new one (query kept; the browser keeps the
 * fragment), and the router sends an in-app link there too.
 */
export const RENAMED_ADMIN_SCREENS = {
  'contact-admin': 'contact',
  'proof-admin': 'proof',
} as const satisfies Record<string, AdminScreen>;

/**
 * Where the admin app draws, as the server routes it (and /en before each): every URL here
 * answers the admin shell. The wildcards hold the screens above and the app's own "not found"
 * screen; /upload is the upload test page.
 */
export const ADMIN_APP_PATHS = ['/admin', '/admin/*', '/auth/*', '/upload'] as const;
