import type { RouteObject } from 'react-router';
import { LoginPage } from './auth/login-page.tsx';
import { AuthLayout } from './auth/auth-layout.tsx';
import { NewPasswordPage } from './auth/new-password-page.tsx';
import { SendOtpPage } from './auth/send-otp-page.tsx';
import { VerifyEmailPage } from './auth/verify-email-page.tsx';
import { AboutAdminPage } from './screens/about-admin-page.tsx';
import { AdminLayout } from './screens/admin-layout.tsx';
import { AddCardPage, EditCardPage } from './screens/card-form-pages.tsx';
import { CardsAdminPage } from './screens/cards-admin-page.tsx';
import { ContactAdminPage } from './screens/contact-admin-page.tsx';
import { ProofAdminPage } from './screens/proof-admin-page.tsx';
import { AddDetailPage, EditDetailPage } from './screens/detail-form-pages.tsx';
import { DetailsAdminPage } from './screens/details-admin-page.tsx';
import { HomePage } from './screens/home-page.tsx';
import { KeywordsAdminPage } from './screens/keywords-admin-page.tsx';
import { NotFound, Root } from './screens/root.tsx';
import { SecurityPage } from './screens/security-page.tsx';
import { ResultsPage } from './screens/results-page.tsx';
import { AddSlidePage, EditSlidePage } from './screens/slide-form-pages.tsx';
import { SlidesAdminPage } from './screens/slides-admin-page.tsx';
import { TrashPage } from './screens/trash-page.tsx';
import { HistoryPage } from './screens/history-page.tsx';
import { UploadPage } from './screens/upload-page.tsx';

/**
 * One route tree for both languages: the optional `:lang` segment is "en" for English. Switching
 * language keeps the same route elements mounted, so a half-filled form survives the switch.
 * Context travels in navigation state as the specification says, and the id is in the URL too,
 * so a reload or a bookmark lands on the same screen with its data loaded from the API.
 * The router itself is made in main.tsx: making it needs a browser, and `npm run routes` reads
 * this table in Node.
 */
export const routes: RouteObject[] = [
  {
    path: '/:lang?',
    element: <Root />,
    children: [
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'verifyemail', element: <VerifyEmailPage /> },
          { path: 'sendotp', element: <SendOtpPage /> },
          { path: 'newpassword', element: <NewPasswordPage /> },
        ],
      },
      { path: 'upload', element: <UploadPage /> },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'product-admin', element: <CardsAdminPage category="product" /> },
          { path: 'portfolio-admin', element: <CardsAdminPage category="portfolio" /> },
          { path: 'details-admin', element: <DetailsAdminPage /> },
          { path: 'about-admin', element: <AboutAdminPage /> },
          { path: 'contact-admin', element: <ContactAdminPage /> },
          { path: 'proof-admin', element: <ProofAdminPage /> },
          { path: 'slide-admin', element: <SlidesAdminPage /> },
          { path: 'keyword-admin', element: <KeywordsAdminPage /> },
          { path: 'security', element: <SecurityPage /> },
          { path: 'results', element: <ResultsPage /> },
          { path: 'trash', element: <TrashPage /> },
          { path: 'history', element: <HistoryPage /> },
          { path: 'addproduct', element: <AddCardPage /> },
          { path: 'editcard', element: <EditCardPage /> },
          { path: 'adddetail', element: <AddDetailPage /> },
          { path: 'editdetail', element: <EditDetailPage /> },
          { path: 'addslide', element: <AddSlidePage /> },
          { path: 'editslide', element: <EditSlidePage /> },
          { path: '*', element: <NotFound embedded /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
