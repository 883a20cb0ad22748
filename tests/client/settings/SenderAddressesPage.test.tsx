import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SenderAddresses, SenderRequestAnswer } from '../../../domain/senderAddresses.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { UserApi } from '../../../src/api/userApi.ts';
import { SenderAddressesPage } from '../../../src/modules/settings/components/SenderAddressesPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';

afterEach(cleanup);

const HOUR = 3_600_000;
const LIST: SenderAddresses = {
  senders: [
    {
      id: 1,
      email: 'owner@acme.test',
      sender_name: 'Olive Owner',
      is_default: true,
      verified_at: '2026-11-01T09:00:00.000Z',
    },
    {
      id: 2,
      email: 'news@acme.test',
      sender_name: 'Acme News',
      is_default: false,
      verified_at: '2026-11-02T09:00:00.000Z',
    },
  ],
  requests: [
    {
      id: 7,
      email: 'waiting@acme.test',
      sender_name: 'Waiting',
      requested_at: new Date(Date.now() - HOUR).toISOString(),
      expires_at: new Date(Date.now() + 23 * HOUR).toISOString(),
    },
  ],
  can_manage: true,
};

function renderPage(stubs: Partial<UserApi>, list: SenderAddresses = LIST) {
  const userApi: UserApi = {
    ...appServices.userApi,
    senderAddresses: vi.fn(async () => list),
    ...stubs,
  };
  render(
    <ServicesContext.Provider value={{ ...appServices, userApi }}>
      <SenderAddressesPage />
    </ServicesContext.Provider>,
  );
  return userApi;
}

const row = (testId: string) => screen.findByTestId(testId);

describe('Settings › Sender addresses', () => {
  it('lists the verified senders (the default marked) and the addresses waiting for their link', async () => {
    renderPage({});
    const owner = await row('sender-1');
    expect(owner.textContent).toContain('owner@acme.test');
    expect(owner.textContent).toContain('Shown as Olive Owner');
    expect(within(owner).getByText('Default')).toBeTruthy();
    expect(within(owner).queryByRole('button', { name: 'Make default' })).toBeNull();
    expect(within(await row('sender-2')).getByText('Verified')).toBeTruthy();
    const waiting = await row('request-7');
    expect(within(waiting).getByText('Waiting for verification')).toBeTruthy();
    expect(within(waiting).getByText('Link sent 1 h ago')).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Send link again' })).toBeTruthy();
  });

  it('adds an address: its fields are checked first, a refusal shows on the address, a success says where the link went', async () => {
    const answer: SenderAddresses & SenderRequestAnswer = {
      ...LIST,
      requests: [
        {
          id: 8,
          email: 'sales@acme.test',
          sender_name: 'Acme Sales',
          requested_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 24 * HOUR).toISOString(),
        },
        ...LIST.requests,
      ],
      request: {
        id: 8,
        email: 'sales@acme.test',
        sender_name: 'Acme Sales',
        requested_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 24 * HOUR).toISOString(),
      },
      mail_delivery: 'log',
      message:
        'No email delivery is set up on this server: its operator finds the verification link for sales@acme.test in the server log.',
    };
    const addSenderAddress = vi
      .fn<UserApi['addSenderAddress']>()
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 400,
          message: 'news@acme.test is already one of your senders.',
        }),
      )
      .mockResolvedValueOnce(answer);
    renderPage({ addSenderAddress });
    const form = await screen.findByRole('form', { name: 'Add a sender address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await within(form).findByText('Email is required.')).toBeTruthy();
    expect(within(form).getByText('Enter the name recipients see.')).toBeTruthy();
    expect(addSenderAddress).not.toHaveBeenCalled();

    const address = within(form).getByLabelText('Email address') as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'news@acme.test' } });
    fireEvent.change(within(form).getByLabelText('Sender name'), { target: { value: 'Acme News' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await within(form).findByText('news@acme.test is already one of your senders.')).toBeTruthy();

    fireEvent.change(address, { target: { value: 'sales@acme.test' } });
    expect(within(form).queryByText('news@acme.test is already one of your senders.')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Sender name'), { target: { value: 'Acme Sales' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByText(answer.message)).toBeTruthy();
    expect(addSenderAddress).toHaveBeenLastCalledWith(
      { email: 'sales@acme.test', sender_name: 'Acme Sales' },
      expect.anything(),
    );
    expect((await row('request-8')).textContent).toContain('sales@acme.test');
    // The form is ready for the next address.
    const fresh = screen.getByRole('form', { name: 'Add a sender address' });
    expect((within(fresh).getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('makes a sender the default and removes one after asking; a refusal shows in the dialog', async () => {
    const madeDefault: SenderAddresses = {
      ...LIST,
      senders: [
        { ...(LIST.senders[1] as SenderAddresses['senders'][number]), is_default: true },
        { ...(LIST.senders[0] as SenderAddresses['senders'][number]), is_default: false },
      ],
    };
    const setDefaultSender = vi.fn(async () => madeDefault);
    const removeSenderAddress = vi
      .fn<UserApi['removeSenderAddress']>()
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 400,
          message:
            'news@acme.test sends “Weekly”, which is scheduled or under way: choose another sender on its Publish step first.',
        }),
      )
      .mockResolvedValueOnce({ ...madeDefault, senders: madeDefault.senders.slice(1) });
    renderPage({ setDefaultSender, removeSenderAddress });
    fireEvent.click(within(await row('sender-2')).getByRole('button', { name: 'Make default' }));
    expect(await within(await row('sender-2')).findByText('Default')).toBeTruthy();
    expect(setDefaultSender).toHaveBeenCalledWith(2, expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Remove news@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove news@acme.test?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove address' }));
    expect(await within(dialog).findByText(/which is scheduled or under way/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove address' }));
    await vi.waitFor(() => expect(screen.queryByTestId('sender-2')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a member the senders without any way to change them', async () => {
    renderPage({}, { ...LIST, can_manage: false });
    await row('sender-1');
    expect(
      screen.getByText("Only your organisation's administrators can add or change sender addresses."),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a sender address' })).toBeNull();
  });

  it('says plainly when there is no sender yet, and offers the form', async () => {
    renderPage({}, { senders: [], requests: [], can_manage: true });
    expect(await screen.findByText('No sender addresses yet')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Add a sender address' })).toBeTruthy();
  });
});
