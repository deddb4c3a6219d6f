import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseKind, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseKind;
  }
  interface FastifyRequest {
    db: Db;
  }
}

/** Exposes the database to handlers; closes it with the app when the app opened it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: Database; owned: boolean }) => {
    app.decorate('db', options.database.db);
    app.decorate('dbKind', options.database.kind);
    app.decorateRequest('db', {
      getter() {
        return options.database.db;
      },
    });
    if (options.owned) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'db' },
);
