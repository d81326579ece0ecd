import type { FastifyInstance } from 'fastify';

export async function communityRoutes(_app: FastifyInstance): Promise<void> {}
