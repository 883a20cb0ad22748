import { takeFolderLock } from '../../../server/db/takeFolderLock.ts';

/** Takes the folder lock of argv[2], says so, and holds it until killed. */
await takeFolderLock(process.argv[2] ?? '');
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
