import { expect, type Page, test } from '@playwright/test';

/** The create screen's trigger cards and the step each one asks for next. */
export const TRIGGERS = [
  { name: 'Email open', step: 'Choose the email' },
  { name: 'Email click', step: 'Choose the email' },
  { name: 'Email received', step: 'Choose the email' },
  { name: 'Share profile', step: 'Choose the share profile' },
  { name: 'Email sequence', step: 'Choose the email' },
  { name: 'Subscribes to a list', step: 'Choose the list' },
] as const;

export type TriggerChoice = (typeof TRIGGERS)[number];

/** A random tag that keeps the names of one run's workflows apart. */
export const tag = () => Math.random().toString(36).slice(2, 8);

/**
 * Creates a workflow through the create screen (the trigger's card, an email, list or share profile, the
 * name) and waits for the builder; returns the workflow's id.
 */
export async function createWorkflow(
  page: Page,
  trigger: TriggerChoice,
  name: string,
  /** Which email, list or share profile (text in its option); the first one when absent. */
  subject?: RegExp,
  /** Words typed into the picker's search first (other specs add options of their own at its top). */
  search?: string,
): Promise<number> {
  await page.goto('/automation/create');
  await page.getByRole('radio', { name: new RegExp(`^${trigger.name}`) }).check();
  await expect(page.getByRole('heading', { name: `2. ${trigger.step}` })).toBeVisible();
  // The step's picker (the trigger cards are a radio group too).
  const group = page.getByRole('radiogroup', { name: /^(Emails|Lists|Share profiles)$/ });
  if (search) {
    await page.getByRole('searchbox', { name: /^Search / }).fill(search);
    await expect(
      group
        .locator('label')
        .filter({ hasText: subject ?? search })
        .first(),
    ).toBeVisible();
  }
  await (subject
    ? group.locator('label').filter({ hasText: subject }).getByRole('radio')
    : group.getByRole('radio')
  )
    .first()
    .check();
  const field = page.getByLabel('Workflow name');
  await expect(field).toHaveValue('New Workflow');
  await field.fill(name);
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await page.waitForURL(/\/automation\/details\?workflow_id=\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('workflow_id'));
}

/**
 * Pauses a workflow through the API (as the signed-in page's person, with its CSRF token): specs call it
 * when they finish, so the active workflow they published does not go on enrolling the contacts of specs
 * running after them (or of their own retry).
 */
export async function pauseWorkflowThroughApi(page: Page, workflowId: number) {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf_token'));
  if (!token) throw new Error(`cannot pause workflow ${workflowId}: the page holds no CSRF token`);
  const response = await page.request.post('/api/workflow/resume_workflow/', {
    form: { workflow_id: String(workflowId), status: 'inactive' },
    headers: { 'X-CSRFToken': token },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Called in a spec file or describe block: the ids pushed onto the returned list are paused through the
 * API after each test, passed or failed (see pauseWorkflowThroughApi).
 */
export function pausedAfterEachTest(): number[] {
  const published: number[] = [];
  test.afterEach(async ({ page }) => {
    for (const id of published.splice(0)) await pauseWorkflowThroughApi(page, id);
  });
  return published;
}
