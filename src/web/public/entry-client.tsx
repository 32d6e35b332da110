/** Hydrates the server-rendered public page; from then on navigation happens in the browser. */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';
import type { Hydration } from '../../shared/page-data.ts';
import './styles/site.css';

const hydration = JSON.parse(document.getElementById('__hydration')!.textContent!) as Hydration;

hydrateRoot(
  document.getElementById('app')!,
  <StrictMode>
    <BrowserRouter>
      <App root={hydration.root} view={hydration.view} />
    </BrowserRouter>
  </StrictMode>,
);
