// Starts the shop: read configuration, open and migrate the database, seed a new one, listen.
// SIGTERM and SIGINT close the server gracefully: it stops accepting, in-flight requests get
// SHUTDOWN_GRACE_SECONDS to finish, then the connections left are closed and it exits 0.
import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed/seed.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = connect(config.database);
  await migrate(db);
  const report = await seed(db, config);
  const app = await buildApp({ config, db });
  if (report.generatedAdminPassword) {
    // Printed once, on the first start only; set ADMIN_PASSWORD or `npm run admin -- set-password` to choose one.
    console.log(
      `\nAdmin account created: username "${config.adminUsername}", password "${report.generatedAdminPassword}"\n`,
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, draining requests`);
    // A client that never finishes its request must not turn a restart into an outage.
    const deadline = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    deadline.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
