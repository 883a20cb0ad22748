import { Link } from '@tanstack/react-router';
import type { SenderEmail } from '../../../../domain/editionSend.ts';
import { senderAddressesLink } from '../../../router/routeTable.ts';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { PublishFormErrors, PublishFormValues } from '../utils/publishForm.ts';

type Props = {
  senders: SenderEmail[];
  senderAddressId: number | null;
  senderName: string;
  errors: PublishFormErrors;
  onChange: (next: Partial<PublishFormValues>) => void;
};

/**
 * The sender: one of the organisation's verified addresses (the default preselected) and the name shown.
 * Without any, the field says so and links to Settings › Sender addresses, where one is added.
 */
export function SenderFields({ senders, senderAddressId, senderName, errors, onChange }: Props) {
  const options = [
    ...(senderAddressId === null ? [{ value: '', label: 'Choose an address' }] : []),
    ...senders.map((s) => ({ value: String(s.id), label: s.isDefault ? `${s.email} (default)` : s.email })),
  ];
  return (
    <div className="publish-page__row">
      <Select
        label="From address"
        options={options}
        value={senderAddressId === null ? '' : String(senderAddressId)}
        error={errors.sender ?? (senders.length === 0 ? 'No verified sender address yet.' : undefined)}
        hint={
          senders.length === 0 ? (
            <>
              Add one in <Link {...senderAddressesLink}>Settings › Sender addresses</Link>: we email it a link
              to verify it.
            </>
          ) : undefined
        }
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null;
          const chosen = senders.find((s) => s.id === id);
          onChange({
            senderAddressId: id,
            ...(!senderName.trim() && chosen?.sender_name ? { senderName: chosen.sender_name } : {}),
          });
        }}
      />
      <TextField
        label="Sender name"
        value={senderName}
        maxLength={120}
        autoComplete="off"
        error={errors.senderName}
        onChange={(event) => onChange({ senderName: event.target.value })}
      />
    </div>
  );
}
