import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe-core rules every screen is held to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page and expects no violation (`minimum: 'serious'`: none that is serious or critical).
 * `what` names the screen in the failure message. `exclude`: selectors left out, e.g. the sandboxed frame
 * of an email (no script runs there, so axe would wait for it until the test times out).
 */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  options: { minimum?: 'serious'; exclude?: string[] } = {},
): Promise<void> {
  // Legacy mode runs axe in the page's frames and gathers their results there, without the blank page the
  // default mode opens to merge them: the same rules and frames, about 1.5 s less a check on a busy machine.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const found = results.violations
    .filter((v) => !options.minimum || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `accessibility of ${what}`).toEqual([]);
}
