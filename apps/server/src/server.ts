import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { databaseOptionsFromConfig, openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/startup.ts';
import { pino } from 'pino';
import { loggerOptions } from './lib/logger.ts';
import { mailDirectory, noSmtpNotice } from './lib/mailer.ts';
import { mediaStorage } from './lib/storage.ts';
import { moveLegacyFiles } from './lib/storage-migration.ts';

/** config → db → migrate → seed → listen (nothing else). */
const started = Date.now();
const config = configOrExit();
const database = await openDatabase(databaseOptionsFromConfig(config));
// Migrations and seed under the start-up lock: instances starting at once run them one at a time.
await prepareDatabase(database, { storage: mediaStorage(config) });
// Files this instance wrote under DATA_DIR before STORAGE_URL go into the storage, once (decision 024).
await moveLegacyFiles(config, pino(loggerOptions(config)));
const app = await buildApp({ config, database, runJobs: true });
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: config.appUrl, database: database.kind, smtp: config.smtpUrl ? 'smtp' : 'archive and .eml files', ms: Date.now() - started },
  `${config.appName} is ready`,
);
// Without SMTP a local run still needs its verification and reset links: they are in these files.
const noSmtp = noSmtpNotice(config);
if (noSmtp) app.log.info({ mailDir: mailDirectory(config) }, noSmtp);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

/** A configuration the server cannot run with ends the start with its reason (exit code 1), without a stack trace. */
function configOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    console.error(`${(err as Error).message}\nThe server did not start.`);
    process.exit(1);
  }
}
