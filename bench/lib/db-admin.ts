import pg from 'pg';

/** Runs statements on the connection of DATABASE_URL (the server's maintenance database). */
async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(url: string, name: string) {
  assertBenchName(name);
  await withAdmin(url, (c) => c.query(`CREATE DATABASE ${name}`));
}

/**
 * Drops a database the bench created; refuses any other name. Waits (up to 5 s) for the app's
 * pool connections to finish closing first: pool.end() resolves before its sockets are gone, and
 * terminating them with FORCE would make the closing pool emit an unhandled error.
 */
export async function dropBenchDatabase(url: string, name: string) {
  assertBenchName(name);
  await withAdmin(url, async (c) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (!rows[0]?.n || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

function assertBenchName(name: string) {
  if (!/^bookla_bench_[0-9a-f]+$/.test(name)) throw new Error(`not a bench database name: ${name}`);
}
