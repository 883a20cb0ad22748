import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicRoot } from './PublicRoot.tsx';
import { createPreferenceClient } from './preferenceClient.ts';
import { readPublicPageData } from './publicPageData.ts';
import '../src/ui/tokens.css';
import './publicPages.css';
import './hostedForms.css';

/**
 * The recipients' public pages (a separate, light build: no router library, no workbench request layer,
 * no editor code): preference management, unsubscribe, resubscribe and the confirmation page.
 * Served by the product's server, the page arrives rendered with its data and is hydrated; from a static
 * host (npm run build:public) it renders in the browser and loads what it needs.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const data = readPublicPageData(document);
const app = (
  <StrictMode>
    <PublicRoot
      initialPath={window.location.pathname}
      initialSearch={window.location.search}
      client={createPreferenceClient()}
      data={data}
    />
  </StrictMode>
);
if (data && root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
