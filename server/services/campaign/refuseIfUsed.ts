import { AppError } from '../../lib/AppError.ts';

export function refuseIfUsed(workflows: { name: string }[], what: string) {
  if (workflows.length === 0) return;
  const names = workflows
    .slice(0, 3)
    .map((w) => `"${w.name}"`)
    .join(', ');
  const more = workflows.length > 3 ? ` and ${workflows.length - 3} more` : '';
  const plural = workflows.length > 1;
  throw new AppError(
    400,
    `${what} used by the workflow${plural ? 's' : ''} ${names}${more}: change ${plural ? 'them' : 'it'} to another email first.`,
  );
}
