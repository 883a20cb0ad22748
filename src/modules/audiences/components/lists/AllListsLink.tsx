import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';

/** The way back to the Lists screen from a list's pages (its details, the import). */
export function AllListsLink() {
  return (
    <Link
      to="/audiences/{-$page}/{-$tab}/{-$subTab}"
      params={{ page: 'lists' }}
      className={buttonClassName('secondary')}
    >
      All lists
    </Link>
  );
}
