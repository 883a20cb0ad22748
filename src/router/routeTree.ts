import { showcaseEnabled } from '../modules/showcase/showcaseEnabled.ts';
import { areaRoutes } from './areaRoutes.tsx';
import { authRoutes } from './authRoutes.tsx';
import { moreAreaRoutes } from './moreAreaRoutes.tsx';
import { protectedRoute } from './protectedRoute.tsx';
import { publicPageRoutes } from './publicPageRoutes.tsx';
import { rootRoute } from './rootRoute.tsx';
import { createShowcaseRoute } from './showcaseRoute.ts';

export const routeTree = rootRoute.addChildren([
  ...authRoutes,
  ...publicPageRoutes,
  protectedRoute.addChildren([...areaRoutes, ...moreAreaRoutes]),
  ...(showcaseEnabled() ? [createShowcaseRoute()] : []),
]);
