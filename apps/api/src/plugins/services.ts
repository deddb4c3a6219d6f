import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { composeExtensions, type Extensions } from '../compose.ts';
import type { Config } from '../config.ts';
import { registerJobHandlers } from '../jobs/index.ts';
import { JobQueue } from '../jobs/queue.ts';
import type { Storage } from '../lib/storage.ts';
import { openStorage } from '../lib/storage-provider.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { devMailboxRoutes, devRoutesDisabled } from '../modules/dev/index.ts';
import { TEMPORARY_FILE_MAX_AGE_MS } from '../modules/submissions/stored-objects.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue; its worker loop runs in this process when RUN_JOBS=true. */
    jobs: JobQueue;
    /** The file store (content-addressed): the local folder or the S3 bucket of STORAGE_URL. */
    storage: Storage;
    /** Where mails go: SMTP, or the dev mailbox. */
    mailer: Mailer;
    /** The sources feeding each module's extension points (roles, statistics, submission counts, authorship). */
    extensions: Extensions;
  }
}

/**
 * Registers the shared services: job queue, mailer, storage, the sources of the
 * modules' extension points (composed in compose.ts), and the dev mailbox outside
 * production. With `config.runJobs` the in-process worker starts when the app is
 * ready and stops (finishing its current job) before the app closes.
 */
export const servicesPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const { config } = options;
    const mailer = createMailer(config);
    const storage = await openStorage(config.storage);
    const jobs = new JobQueue({ db: app.db, log: app.log.child({ component: 'jobs' }) });
    registerJobHandlers(jobs, { config, mailer, storage });

    app.decorate('jobs', jobs);
    app.decorate('storage', storage);
    app.decorate('mailer', mailer);
    app.decorate('extensions', composeExtensions());

    if (config.isProduction && mailer.transport === 'devmailbox') {
      app.log.warn('SMTP_URL is not set: e-mails are stored in mail_outbox but not delivered');
    }
    // Temporary files a killed process left mid-upload go at start, without holding the start up.
    app.addHook('onReady', async () => {
      storage
        .sweepTemporary(TEMPORARY_FILE_MAX_AGE_MS)
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep the temporary upload files'));
    });
    if (config.runJobs) {
      app.addHook('onReady', async () => jobs.start());
    }
    app.addHook('preClose', async () => jobs.stop());
    app.addHook('onClose', async () => {
      mailer.close();
      storage.close();
    });

    await app.register(config.isProduction ? devRoutesDisabled : devMailboxRoutes);
  },
  { name: 'services', dependencies: ['db'] },
);
