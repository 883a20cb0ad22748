import type { ReactNode } from 'react';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import './AuthForm.css';

type Props = {
  /** Whose link it is (the account or address it acts on). */
  account: ReactNode;
  /** The action's failure, shown above the button; null for none. */
  error: RequestFailure | null;
  pending: boolean;
  label: string;
  /** The button's text while the action runs. */
  pendingLabel: string;
  onAct: () => void;
};

/** The one-button form of a page opened from a mailed link: whose link it is, the action's error, the button. */
export function LinkActionForm({ account, error, pending, label, pendingLabel, onAct }: Props) {
  return (
    <div className="auth-form">
      <p className="auth-form__account">{account}</p>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <Button size="lg" fullWidth loading={pending} className="auth-form__submit" onClick={onAct}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
