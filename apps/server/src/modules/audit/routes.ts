import { auditList, auditQuery } from '@pastebox/contract/schemas/audit';
import { errorEnvelope } from '@pastebox/contract/schemas/common';
import { z } from 'zod';
import { contentDisposition } from '@/lib/content-disposition';
import { answering, routeGroup } from '@/lib/declare-route';
import { requireAdmin } from '@/lib/guards';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { auditCsvStream, auditFilterOf, flushAudit, listAuditEvents } from './service';

const route = routeGroup({ tags: ['Audit'], security: adminSecurity });

/** The audit log for the admin (issue 32): a filtered page, or the whole filtered log as CSV. */
export const auditRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: '/admin/audit',
        summary: 'The audit log, newest first, filtered by actor, action, outcome and time',
        query: auditQuery,
        answer: auditList,
      }),
      (c) => {
        requireAdmin(c);
        return listAuditEvents(c.get('deps'), c.req.valid('query'));
      },
    ),
  )
  .openapi(
    route({
      method: 'get',
      path: '/admin/audit/export',
      summary: 'The filtered audit log as CSV (oldest first), streamed',
      query: auditQuery.omit({ page: true, limit: true }),
      responses: {
        200: {
          description: 'text/csv; formula-like fields are prefixed with a quote mark',
          content: { 'text/csv': { schema: z.string() } },
        },
        default: {
          description: 'Error envelope with a stable error key',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      requireAdmin(c);
      const deps = c.get('deps');
      const filter = auditFilterOf(c.req.valid('query'));
      await flushAudit(deps);
      const day = deps.clock.now().toISOString().slice(0, 10);
      return new Response(auditCsvStream(deps, filter), {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': contentDisposition('attachment', `pastebox-audit-${day}.csv`),
          'Cache-Control': 'no-store',
        },
      });
    },
  );
