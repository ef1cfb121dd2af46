import { createRoute } from '@hono/zod-openapi';
import { dashboardStats } from '@pastebox/contract/schemas/dashboard';
import { ok } from '@/lib/envelope';
import { requireAdmin } from '@/lib/guards';
import { adminSecurity, createRouter, okResponse } from '@/lib/openapi';
import { readDashboardStats } from './service';

/** The admin dashboard's figures (SPEC §6: admin only; §7 "System"). */
export const dashboardRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/admin/dashboard/stats',
    tags: ['System'],
    summary: 'Dashboard: totals, new shares per UTC day (7 days), storage usage, newest shares',
    security: adminSecurity,
    responses: okResponse(dashboardStats),
  }),
  async (c) => {
    requireAdmin(c);
    return ok(c, await readDashboardStats(c.get('deps')));
  },
);
