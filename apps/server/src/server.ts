import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { databaseOptionsFromConfig, openDatabase } from './db/client.ts';
import { seedDemoProvider, seedReferenceData } from './db/seed/index.ts';
import { mailDirectory, noSmtpNotice } from './lib/mailer.ts';
import { mediaStorage } from './lib/storage.ts';

/** config → db → migrate → seed → listen (nothing else). */
const started = Date.now();
const config = loadConfig();
const database = await openDatabase(databaseOptionsFromConfig(config));
await database.migrate();
await seedReferenceData(database.db);
await seedDemoProvider(database.db, { storage: mediaStorage(config) });
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
