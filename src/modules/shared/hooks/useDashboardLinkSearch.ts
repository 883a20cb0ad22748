import { useLocation } from '@tanstack/react-router';
import { ANALYTICS_FILTER_PARAMS } from '../../../../domain/analyticsFilterSearch.ts';

/**
 * The query of a link to a contact or account dashboard from the current page: the entity's id, the
 * analytics filter the page has in its address (so the dashboard counts the same period and choice), and
 * back_url, the current address, which the dashboard's Back returns to.
 */
export function useDashboardLinkSearch(): (id: Record<string, number>) => Record<string, string | number> {
  const location = useLocation();
  const search = location.search as Record<string, unknown>;
  const filter: Record<string, string | number> = {};
  for (const key of ANALYTICS_FILTER_PARAMS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number') filter[key] = value;
  }
  const backUrl = location.href;
  return (id) => ({ ...id, ...filter, back_url: backUrl });
}
