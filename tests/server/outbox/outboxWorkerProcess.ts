import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { startOutboxDelivery } from '../../../server/services/delivery/startOutboxDelivery.ts';

/** A process that delivers the outbox of argv[2] (a PGlite folder) over the SMTP server at argv[3] until killed. */
const [dataDir = '', smtpUrl = ''] = process.argv.slice(2);
const { database } = await prepareDatabase({ dataDir, seed: false });
startOutboxDelivery({
  db: database.db,
  smtpUrl,
  from: 'Workbench <no-reply@example.com>',
  log: { warn: () => {}, error: (error: unknown) => console.error(error) },
  pollMs: 100,
  leaseMs: 1500,
});
process.stdout.write('delivering\n');
