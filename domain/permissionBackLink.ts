import { permissionReturnPath } from './permissionReturnPath.ts';

const AREA_NAMES: readonly (readonly [prefix: string, name: string])[] = [
  ['/automation', 'automation'],
  ['/content', 'content'],
  ['/audiences', 'audiences'],
  ['/analytics', 'analytics'],
  ['/campaigns', 'campaigns'],
];

/**
 * The way back offered by the permission-denied page: where the refused address's origin sends the person
 * (permissionReturnPath), named after its area ("Back to automation"). Campaigns when nothing was refused
 * before (the page opened by itself).
 */
export function permissionBackLink(refusedAddress: string | null): { href: string; label: string } {
  if (!refusedAddress) return { href: '/campaigns', label: 'Go to campaigns' };
  const url = new URL(refusedAddress, 'http://workbench.invalid');
  const href = permissionReturnPath({
    pathname: url.pathname,
    search: Object.fromEntries(url.searchParams),
  });
  const path = href.split('?')[0] ?? href;
  const area =
    AREA_NAMES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? 'campaigns';
  return { href, label: `Back to ${area}` };
}
