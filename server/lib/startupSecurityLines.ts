import type { InternalUserOutcome } from '../services/user/internalUsers.ts';

const ROLE_NAMES = { admin: 'Internal admin (user 4708)', support: 'Internal support user (user 14764)' };
const ROLE_VARIABLES = { admin: 'ADMIN', support: 'SUPPORT' };

/**
 * What the start-up log says about accounts: the internal users (a password made now is printed here once,
 * and where its owner-only copy is), and, plainly, whether demo accounts with public passwords exist.
 */
export function startupSecurityLines(
  internalUsers: readonly InternalUserOutcome[],
  openDemoAccounts: readonly string[],
  origin: string,
): string[] {
  const lines: string[] = [];
  for (const user of internalUsers) {
    const name = ROLE_NAMES[user.role];
    if (user.generatedPassword) {
      lines.push(
        user.status === 'rotated'
          ? `${name} ${user.email} still had a password printed in an earlier README: it now has a new one.`
          : `${name} created: reads every organisation's outbox at ${origin}/admin/outbox.`,
        `  Sign in as ${user.email} with the password ${user.generatedPassword} (shown this once).`,
        user.passwordFile
          ? `  It is also in ${user.passwordFile} (readable by its owner only); set your own with "Forgot password?".`
          : `  It could not be saved to a file (${user.fileError}): keep it now.`,
      );
    } else if (user.status === 'created') {
      lines.push(`${name} created from ${ROLE_VARIABLES[user.role]}_EMAIL and _PASSWORD: ${user.email}.`);
    } else {
      lines.push(`${name}: ${user.email}.`);
    }
    if (user.removedStaleFile) {
      lines.push(`  Removed ${user.removedStaleFile}: the password in it no longer signs in.`);
    }
  }
  if (openDemoAccounts.length > 0) {
    lines.push(
      `WARNING: demo accounts with the public passwords of the README exist (${openDemoAccounts.join(', ')}):`,
      '  anyone can sign in to them. For real use, start on an empty database with DEMO_DATA=off.',
    );
  }
  return lines;
}
