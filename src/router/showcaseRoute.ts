import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../modules/shared/utils/lazyScreen.ts';
import { rootRoute } from './rootRoute.tsx';

/** The design-system showcase: in development and in a QA build (VITE_QA_BUILD=true) only. */
export const createShowcaseRoute = () =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/design-system',
    component: lazyScreen(() => import('../modules/showcase/ShowcasePage.tsx'), 'ShowcasePage'),
  });
