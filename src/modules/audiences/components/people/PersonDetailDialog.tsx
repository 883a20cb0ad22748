import type { ReactNode } from 'react';
import type { PersonRow } from '../../../../../domain/audiencePeople.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { ContactStandingBadge } from '../ContactStandingBadge.tsx';
import { PersonalityBadge } from './PersonalityBadge.tsx';

type Props = { person: PersonRow; onClose: () => void; onEdit: () => void };

/** The detail profile of a contact: its fields, then its custom fields (columns an import kept). */
export function PersonDetailDialog({ person, onClose, onEdit }: Props) {
  const facts: [string, ReactNode][] = [
    [
      'Email',
      <a key="email" href={`mailto:${person.contact_email}`}>
        {person.contact_email}
      </a>,
    ],
    ['Job title', person.designation],
    ['Company', person.organization],
    [
      'Website',
      person.company_website ? (
        <a key="website" href={person.company_website} target="_blank" rel="noreferrer">
          {person.company_website.replace(/^https?:\/\//, '')}
        </a>
      ) : null,
    ],
    ['Country', person.country],
    ['Industry', person.industry],
    ['Revenue', person.revenue],
    ['Phone number', person.phone_number],
    [
      'Status',
      <ContactStandingBadge
        key="status"
        status={person.status}
        marketingConsent={person.marketing_consent}
      />,
    ],
    ['Buyer stage', person.buyer_stage],
    ['Engagement score', String(person.engagement_score)],
    ['LinkedIn', person.linkedin_url],
    ['Twitter', person.twitter_url],
    ['Created on', new Date(person.created_on).toLocaleDateString(undefined, { dateStyle: 'medium' })],
  ];
  const custom = Object.entries(person.custom_fields ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Dialog
      open
      onClose={onClose}
      title={person.full_name}
      description={<PersonalityBadge type={person.personality_type} personality={person.personality} />}
      footer={
        <Button variant="secondary" onClick={onEdit}>
          Edit contact
        </Button>
      }
    >
      <dl className="person-detail">
        {facts.map(([label, value]) => (
          <div key={label} className="person-detail__row">
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {custom.length > 0 ? (
        <section className="person-detail__custom" aria-label="Custom fields">
          <h3 className="person-detail__heading">Custom fields</h3>
          <dl className="person-detail">
            {custom.map(([name, value]) => (
              <div key={name} className="person-detail__row">
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </Dialog>
  );
}
