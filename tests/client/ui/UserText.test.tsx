import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailboxItem } from '../../../domain/mailboxTypes.ts';
import { MailboxTable } from '../../../src/modules/mailbox/components/MailboxTable.tsx';
import { Card } from '../../../src/ui/Card.tsx';
import { PageHeader } from '../../../src/ui/PageHeader.tsx';
import { UserText } from '../../../src/ui/UserText.tsx';

afterEach(cleanup);

/** A name that would turn the text after it around if it were not isolated. */
const HOSTILE = '\u202eLive Name';

/** The isolating element around the text: a <bdi> (unicode-bidi: isolate, dir=auto). */
const isolationOf = (text: string) => screen.getByText(text).closest('bdi');

describe('user text is isolated from the text around it', () => {
  it('UserText is a <bdi> holding the text as it is', () => {
    render(
      <p>
        Created by <UserText>{HOSTILE}</UserText> yesterday
      </p>,
    );
    const bdi = isolationOf(HOSTILE);
    expect(bdi?.textContent).toBe(HOSTILE);
    expect(bdi?.className).toBe('ui-user-text');
  });

  it('in headings: the page header and card titles', () => {
    render(
      <>
        <PageHeader title={HOSTILE} eyebrow="Campaigns" />
        <Card title={`${HOSTILE} 2`}>body</Card>
      </>,
    );
    expect(within(screen.getByRole('heading', { level: 1 })).getByText(HOSTILE).tagName).toBe('BDI');
    expect(within(screen.getByRole('heading', { level: 2 })).getByText(`${HOSTILE} 2`).tagName).toBe('BDI');
  });

  it('in tables: a contact name beside its address', () => {
    const item: MailboxItem = {
      send_id: 1,
      to: 'live@example.com',
      contact_id: 3,
      contact_name: HOSTILE,
      is_test: false,
      from: 'news@acme.test',
      subject: 'Hello',
      status: 'delivered',
      via: null,
      email_id: 4,
      workflow_id: null,
      created_at: '2026-11-01T09:00:00.000Z',
      delivered_at: '2026-11-01T09:00:01.000Z',
      last_error: null,
      opens: 0,
      clicks: 0,
    };
    render(<MailboxTable items={[item]} busy={false} openId={null} onOpen={() => {}} />);
    const cell = screen.getByText('live@example.com').closest('td');
    expect(cell && within(cell).getByText(HOSTILE).tagName).toBe('BDI');
  });
});
