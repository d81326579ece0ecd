// /v1/api reports (issue 7): administrators only.
import type { FastifyInstance } from 'fastify';

export async function reportRoutes(_server: FastifyInstance): Promise<void> {}
