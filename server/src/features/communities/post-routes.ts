import type { FastifyInstance } from 'fastify';

export async function communityPostRoutes(_app: FastifyInstance): Promise<void> {}
