import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { publicPagePath } from '../src/domain/publicPagePath.ts';
import { PublicPlaceholder } from './PublicPlaceholder.tsx';
import '../src/ui/tokens.css';

/**
 * The recipients' public pages (a separate, light build: no router, no request layer, no editor code).
 * For now one honest placeholder; the preference, unsubscribe and resubscribe pages arrive in a later release.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <PublicPlaceholder page={publicPagePath(window.location.pathname)} />
  </StrictMode>,
);
