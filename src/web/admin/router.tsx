import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import {
  ADMIN_SCREENS,
  AUTH_SCREENS,
  RENAMED_ADMIN_SCREENS,
  type AdminScreen,
  type AuthScreen,
} from '../../shared/admin-screens.ts';
import { NotFound, Root } from './app/root.tsx';
import { RenamedScreen } from './app/renamed-screen.tsx';

/**
 * A screen's module, loaded when its route is first opened: each screen is a chunk of its own, so
 * the sign-in page loads the app's frame and the sign-in screen, not the whole admin, and the
 * phone-number metadata comes only with the screens that edit numbers (about, contact).
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (m: M) => ReactNode): RouteObject['lazy'] =>
  async () => ({ element: pick(await load()) });

/**
 * Every screen under /admin/, by the name its address ends with. The names are the list in
 * src/shared/admin-screens.ts, which the server reads too: a screen missing here, or named here
 * and not there, is a type error.
 */
const ADMIN: Record<AdminScreen, RouteObject['lazy']> = {
  'product-admin': screen(
    () => import('./features/cards/cards-admin-page.tsx'),
    (m) => <m.CardsAdminPage category="product" />,
  ),
  'portfolio-admin': screen(
    () => import('./features/cards/cards-admin-page.tsx'),
    (m) => <m.CardsAdminPage category="portfolio" />,
  ),
  'details-admin': screen(
    () => import('./features/cards/details-admin-page.tsx'),
    (m) => <m.DetailsAdminPage />,
  ),
  'about-admin': screen(
    () => import('./features/about/about-admin-page.tsx'),
    (m) => <m.AboutAdminPage />,
  ),
  'slide-admin': screen(
    () => import('./features/slides/slides-admin-page.tsx'),
    (m) => <m.SlidesAdminPage />,
  ),
  'keyword-admin': screen(
    () => import('./features/keywords/keywords-admin-page.tsx'),
    (m) => <m.KeywordsAdminPage />,
  ),
  addproduct: screen(
    () => import('./features/cards/card-form-pages.tsx'),
    (m) => <m.AddCardPage />,
  ),
  editcard: screen(
    () => import('./features/cards/card-form-pages.tsx'),
    (m) => <m.EditCardPage />,
  ),
  adddetail: screen(
    () => import('./features/cards/detail-form-pages.tsx'),
    (m) => <m.AddDetailPage />,
  ),
  editdetail: screen(
    () => import('./features/cards/detail-form-pages.tsx'),
    (m) => <m.EditDetailPage />,
  ),
  addslide: screen(
    () => import('./features/slides/slide-form-pages.tsx'),
    (m) => <m.AddSlidePage />,
  ),
  editslide: screen(
    () => import('./features/slides/slide-form-pages.tsx'),
    (m) => <m.EditSlidePage />,
  ),
  contact: screen(
    () => import('./features/contact/contact-admin-page.tsx'),
    (m) => <m.ContactAdminPage />,
  ),
  proof: screen(
    () => import('./features/proof/proof-admin-page.tsx'),
    (m) => <m.ProofAdminPage />,
  ),
  cities: screen(
    () => import('./features/cities/cities-admin-page.tsx'),
    (m) => <m.CitiesAdminPage />,
  ),
  faq: screen(
    () => import('./features/faq/faq-admin-page.tsx'),
    (m) => <m.FaqAdminPage />,
  ),
  results: screen(
    () => import('./features/leads/results-page.tsx'),
    (m) => <m.ResultsPage />,
  ),
  requests: screen(
    () => import('./features/requests/requests-page.tsx'),
    (m) => <m.RequestsPage />,
  ),
  history: screen(
    () => import('./features/history/history-page.tsx'),
    (m) => <m.HistoryPage />,
  ),
  trash: screen(
    () => import('./features/trash/trash-page.tsx'),
    (m) => <m.TrashPage />,
  ),
  security: screen(
    () => import('./features/auth/security-page.tsx'),
    (m) => <m.SecurityPage />,
  ),
};

/** The sign-in and password-reset screens under /auth/, by the same list. */
const AUTH: Record<AuthScreen, RouteObject['lazy']> = {
  // The server renders the sign-in page (no React in it: decision 029); a link here loads it from there.
  login: screen(
    () => import('./app/server-page.tsx'),
    (m) => <m.ServerPage />,
  ),
  verifyemail: screen(
    () => import('./features/auth/verify-email-page.tsx'),
    (m) => <m.VerifyEmailPage />,
  ),
  sendotp: screen(
    () => import('./features/auth/send-otp-page.tsx'),
    (m) => <m.SendOtpPage />,
  ),
  newpassword: screen(
    () => import('./features/auth/new-password-page.tsx'),
    (m) => <m.NewPasswordPage />,
  ),
  admit: screen(
    () => import('./features/auth/admit-page.tsx'),
    (m) => <m.AdmitPage />,
  ),
  undo: screen(
    () => import('./features/auth/admit-page.tsx'),
    (m) => <m.UndoPage />,
  ),
};

/**
 * One route tree for both languages: the optional `:lang` segment is "en" for English. Switching
 * language keeps the same route elements mounted, so a half-filled form survives the switch.
 * Context travels in navigation state as the specification says, and the id is in the URL too,
 * so a reload or a bookmark lands on the same screen with its data loaded from the API.
 * The router itself is made in main.tsx: making it needs a browser, and `npm run routes` reads
 * this table in Node (it loads each route's `lazy` to find its component's file).
 */
export const routes: RouteObject[] = [
  {
    path: '/:lang?',
    element: <Root />,
    children: [
      {
        path: 'auth',
        lazy: screen(
          () => import('./app/auth-layout.tsx'),
          (m) => <m.AuthLayout />,
        ),
        children: AUTH_SCREENS.map((path) => ({ path, lazy: AUTH[path] })),
      },
      {
        path: 'upload',
        lazy: screen(
          () => import('./features/upload/upload-page.tsx'),
          (m) => <m.UploadPage />,
        ),
      },
      {
        path: 'admin',
        lazy: screen(
          () => import('./app/admin-layout.tsx'),
          (m) => <m.AdminLayout />,
        ),
        children: [
          {
            index: true,
            lazy: screen(
              () => import('./features/home/home-page.tsx'),
              (m) => <m.HomePage />,
            ),
          },
          ...ADMIN_SCREENS.map((path) => ({ path, lazy: ADMIN[path] })),
          // Old addresses of renamed screens (the server answers them 301 on a full load).
          ...Object.entries(RENAMED_ADMIN_SCREENS).map(([path, to]) => ({
            path,
            element: <RenamedScreen to={`/admin/${to}`} />,
          })),
          { path: '*', element: <NotFound embedded /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
