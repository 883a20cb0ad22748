import { areaRoutes } from './areaRoutes.tsx';
import { authRoutes } from './authRoutes.tsx';
import { protectedRoute } from './protectedRoute.tsx';
import { rootRoute } from './rootRoute.tsx';

export const routeTree = rootRoute.addChildren([...authRoutes, protectedRoute.addChildren([...areaRoutes])]);
