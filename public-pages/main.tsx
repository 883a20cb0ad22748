import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicRoot } from './PublicRoot.tsx';
import { createPreferenceClient } from './preferenceClient.ts';
import '../src/ui/tokens.css';
import './publicPages.css';

/**
 * The recipients' public pages (a separate, light build: no router library, no workbench request layer,
 * no editor code): preference management, unsubscribe, resubscribe and the confirmation page.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <PublicRoot initialPath={window.location.pathname} client={createPreferenceClient()} />
  </StrictMode>,
);
