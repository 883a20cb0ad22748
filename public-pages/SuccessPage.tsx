import { PREFERENCES_UPDATED_TEXT } from '../domain/publicPageTimings.ts';
import { PublicShell } from './PublicShell.tsx';

/** /unsub-success: where a saved preference page lands. */
export function SuccessPage() {
  return (
    <PublicShell width="box">
      <div className="pp-check" aria-hidden="true">
        ✓
      </div>
      <h1 className="pp-title">Preferences saved</h1>
      <p className="pp-text">{PREFERENCES_UPDATED_TEXT}</p>
    </PublicShell>
  );
}
