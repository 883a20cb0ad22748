/**
 * The design-system showcase (/design-system) exists only in development (`npm run dev`) or in a QA build
 * (`VITE_QA_BUILD=true npm run build`); a production build leaves it out.
 */
export function showcaseEnabled(): boolean {
  return import.meta.env.DEV || import.meta.env.VITE_QA_BUILD === 'true';
}
