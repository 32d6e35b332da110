import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import about from './about/routes.ts';
import adminShell from './admin-shell/routes.ts';
import auth from './auth/routes/index.ts';
import cards from './cards/routes/index.ts';
import checklist from './checklist/routes.ts';
import cities from './cities/routes.ts';
import contact from './contact/routes.ts';
import docs from './docs/routes.ts';
import faq from './faq/routes.ts';
import health from './health/routes.ts';
import history from './history/routes.ts';
import images from './images/routes.ts';
import uploads from './images/uploads.ts';
import keywords from './keywords/routes.ts';
import leads, { leadsCsvRoute } from './leads/routes.ts';
import mail from './mail/routes.ts';
import pages from './pages/routes.ts';
import phone from './phone/routes.ts';
import proof from './proof/routes.ts';
import requests, { requestsCsvRoute } from './requests/routes.ts';
import seo from './seo/routes.ts';
import slides from './slides/routes.ts';
import system from './system/routes.ts';
import trash from './trash/routes.ts';

/** The routes of one feature (or one of its URL prefixes), registered under that prefix. */
interface FeatureRoutes {
  /** Its folder under src/server/features/. */
  feature: string;
  /** The URL prefix its routes are declared below; '' for routes that have none (pages, health, the admin shell). */
  prefix: string;
  // Any plugin: the API's are typed through TypeBox, the others plainly.
  routes: FastifyPluginAsync<any, any, any>;
}

/**
 * Every HTTP route of the app, one line per feature and URL prefix: app.ts registers this table
 * and nothing else declares a route. The code for /api/slider is found here by its prefix. A feature
 * answering under two prefixes has two lines (images, leads); the contact phone keeps the contract's
 * /api/auth prefix. Registered in this order (the order of the OpenAPI document).
 */
export const FEATURE_ROUTES: readonly FeatureRoutes[] = [
  { feature: 'health', prefix: '', routes: health },
  { feature: 'images', prefix: '/uploads', routes: uploads },
  { feature: 'auth', prefix: '/api/auth', routes: auth },
  { feature: 'phone', prefix: '/api/auth', routes: phone },
  { feature: 'about', prefix: '/api/aboutus', routes: about },
  { feature: 'keywords', prefix: '/api/word', routes: keywords },
  { feature: 'cards', prefix: '/api/card', routes: cards },
  { feature: 'slides', prefix: '/api/slider', routes: slides },
  { feature: 'contact', prefix: '/api/contact', routes: contact },
  { feature: 'cities', prefix: '/api/cities', routes: cities },
  { feature: 'faq', prefix: '/api/faq', routes: faq },
  { feature: 'trash', prefix: '/api/trash', routes: trash },
  { feature: 'history', prefix: '/api/history', routes: history },
  { feature: 'leads', prefix: '/api/leads', routes: leads },
  { feature: 'leads', prefix: '/api', routes: leadsCsvRoute },
  { feature: 'seo', prefix: '/api/seo', routes: seo },
  { feature: 'proof', prefix: '/api/proof', routes: proof },
  { feature: 'checklist', prefix: '/api/checklist', routes: checklist },
  { feature: 'requests', prefix: '/api/requests', routes: requests },
  { feature: 'requests', prefix: '/api', routes: requestsCsvRoute },
  { feature: 'images', prefix: '/api/images', routes: images },
  { feature: 'mail', prefix: '/api/mail', routes: mail },
  { feature: 'system', prefix: '/api/system', routes: system },
  { feature: 'docs', prefix: '/api', routes: docs },
  { feature: 'admin-shell', prefix: '', routes: adminShell },
  { feature: 'pages', prefix: '', routes: pages },
];

/** Registers every feature's routes, each under its prefix. */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  for (const { prefix, routes } of FEATURE_ROUTES) await app.register(routes, { prefix });
}
