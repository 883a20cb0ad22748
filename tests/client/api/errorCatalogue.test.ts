import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueAction, GLOBAL_ERROR_STATUSES } from '../../../domain/errorCatalogue.ts';
import { CANCELED_MESSAGE } from '../../../domain/requestFailure.ts';
import { apiGet, apiPost, setForbiddenHandler, setPermissionHandler } from '../../../src/api/client.ts';
import { errorStore } from '../../../src/api/errorStore.ts';
import { sessionStore } from '../../../src/api/sessionStore.ts';
import { hanging, json, stubFetch } from './fetchStub.ts';

let fetchStub: ReturnType<typeof stubFetch>;
const permission = vi.fn();
const forbidden = vi.fn();

beforeEach(() => {
  fetchStub = stubFetch();
  sessionStore.begin('csrf-abc');
  errorStore.reset();
  permission.mockReset();
  forbidden.mockReset();
  setPermissionHandler(permission);
  setForbiddenHandler(forbidden);
  window.history.replaceState(null, '', '/automation/details?workflow_id=31');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setPermissionHandler(() => {});
  setForbiddenHandler(() => {});
  sessionStore.end();
  errorStore.reset();
});

describe('the error catalogue (spec 01 section 8), through the request layer', () => {
  it('a 200 with "permission denied": the path stored, error 403, the permission handler called', async () => {
    fetchStub.setAnswer(async () => json({ success: false, message: 'permission denied' }));
    await expect(apiGet('/api/workflow/get_workflow_details/')).rejects.toMatchObject({
      kind: 'permission',
      status: 403,
    });
    expect(errorStore.get()).toEqual({ status: 403, redirectUrl: '/automation/details?workflow_id=31' });
    expect(errorStore.redirectTarget()).toBe('/automation/details?workflow_id=31');
    expect(permission).toHaveBeenCalledTimes(1);
    expect(forbidden).not.toHaveBeenCalled();
    expect(sessionStore.hasSession()).toBe(true);
  });

  it('a 200 with error_code 403 (number or string) is the same permission error', async () => {
    for (const code of [403, '403']) {
      fetchStub.setAnswer(async () => json({ success: false, error_code: code, message: 'Nope' }));
      await expect(apiPost('/api/workflow/clone_workflow/', { workflow_id: 1 })).rejects.toMatchObject({
        kind: 'permission',
      });
    }
    expect(permission).toHaveBeenCalledTimes(2);
    expect(errorStore.get()?.status).toBe(403);
  });

  it('an HTTP 403: CSRF token and session cleared, the forbidden handler (sign-in) called', async () => {
    fetchStub.setAnswer(async () => json({ success: false, message: 'Your session has expired.' }, 403));
    await expect(apiGet('/api/user/user_data/')).rejects.toMatchObject({ kind: 'http', status: 403 });
    expect(sessionStore.csrfToken()).toBeNull();
    expect(sessionStore.hasSession()).toBe(false);
    expect(localStorage.getItem('logout')).toBe('1');
    expect(forbidden).toHaveBeenCalledTimes(1);
    expect(permission).not.toHaveBeenCalled();
    expect(errorStore.get()).toBeNull();
  });

  it.each(GLOBAL_ERROR_STATUSES)(
    'HTTP %i: the path stored and the global error state set',
    async (status) => {
      fetchStub.setAnswer(async () => json({ success: false, message: `failed with ${status}` }, status));
      await expect(apiGet('/api/workflow/get_user_workflows/')).rejects.toMatchObject({
        kind: 'http',
        status,
      });
      expect(errorStore.get()).toEqual({ status, redirectUrl: '/automation/details?workflow_id=31' });
      expect(sessionStore.hasSession()).toBe(true);
      expect(permission).not.toHaveBeenCalled();
      expect(forbidden).not.toHaveBeenCalled();
    },
  );

  it('a time-out sets the global error state 408', async () => {
    fetchStub.setAnswer(hanging);
    await expect(apiGet('/api/slow/', { timeoutMs: 10 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(errorStore.get()?.status).toBe(408);
  });

  it('statuses outside the catalogue (429, 502) are only reported', async () => {
    for (const status of [429, 502]) {
      fetchStub.setAnswer(async () => json({ success: false }, status));
      await expect(apiGet('/api/x/')).rejects.toMatchObject({ status });
    }
    expect(errorStore.get()).toBeNull();
  });

  it('a 200 with success false and another message is a rejected failure, nothing global', async () => {
    fetchStub.setAnswer(async () => json({ success: false, message: 'No workflow matches.' }));
    await expect(apiGet('/api/x/')).rejects.toMatchObject({
      kind: 'rejected',
      message: 'No workflow matches.',
    });
    expect(errorStore.get()).toBeNull();
    expect(permission).not.toHaveBeenCalled();
  });

  it('a superseded request is cancelled with the spec message and sets nothing', async () => {
    fetchStub.setAnswer(hanging);
    const first = apiGet('/api/workflow/get_user_emails/', { kind: 'emails' });
    fetchStub.setAnswer(async () => json({ success: true }));
    const second = apiGet('/api/workflow/get_user_emails/', { kind: 'emails' });
    await expect(first).rejects.toMatchObject({ kind: 'canceled', message: CANCELED_MESSAGE });
    await expect(second).resolves.toEqual({ success: true });
    expect(errorStore.get()).toBeNull();
    expect(permission).not.toHaveBeenCalled();
  });

  it('calls that opt out (the sign-in forms) only throw', async () => {
    fetchStub.setAnswer(async () => json({ success: false, message: 'Incorrect email or password.' }, 400));
    await expect(
      apiPost('/api/auth/login/', {}, { errorCatalogue: false, endSessionOnForbidden: false }),
    ).rejects.toMatchObject({ status: 400 });
    fetchStub.setAnswer(async () => json({ success: false, message: 'permission denied' }));
    await expect(apiGet('/api/x/', { errorCatalogue: false })).rejects.toMatchObject({ kind: 'permission' });
    expect(errorStore.get()).toBeNull();
    expect(permission).not.toHaveBeenCalled();
  });
});

describe('catalogueAction', () => {
  it.each([
    [{ kind: 'permission', status: 403 }, 'permission-denied'],
    [{ kind: 'http', status: 403 }, 'end-session'],
    [{ kind: 'http', status: 400 }, 'global-error'],
    [{ kind: 'http', status: 401 }, 'global-error'],
    [{ kind: 'http', status: 404 }, 'global-error'],
    [{ kind: 'http', status: 408 }, 'global-error'],
    [{ kind: 'timeout', status: 408 }, 'global-error'],
    [{ kind: 'http', status: 500 }, 'global-error'],
    [{ kind: 'http', status: 503 }, 'global-error'],
    [{ kind: 'canceled', status: 0 }, 'ignore'],
    [{ kind: 'http', status: 429 }, 'report-only'],
    [{ kind: 'rejected', status: 200 }, 'report-only'],
    [{ kind: 'network', status: 0 }, 'report-only'],
  ])('%o -> %s', (failure, action) => {
    expect(catalogueAction(failure)).toBe(action);
  });
});
