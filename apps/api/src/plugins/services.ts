import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Registers the shared services: job queue, mail, storage and audit log. */
export const servicesPlugin = fp(async (_app: FastifyInstance, _options: { config: Config }) => {}, {
  name: 'services',
  dependencies: ['db'],
});
