import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Logo } from '../../../ui/Logo.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import './NotFoundPage.css';

export function NotFoundPage() {
  return (
    <main className="not-found" id="main" tabIndex={-1}>
      <Logo />
      <StatePanel
        kind="info"
        title="This page does not exist"
        actions={
          <Link to="/" search={{ redirect: undefined, notice: undefined }} className={buttonClassName()}>
            Go to the workbench
          </Link>
        }
      >
        The address may be mistyped, or the page has moved.
      </StatePanel>
    </main>
  );
}
