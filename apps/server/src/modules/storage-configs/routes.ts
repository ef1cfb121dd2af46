import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@pastebox/contract/schemas/common';
import {
  createStorageConfigBody,
  storageConfigItem,
  storageConfigList,
  storageTestResult,
  storageUsageFigures,
  updateStorageConfigBody,
} from '@pastebox/contract/schemas/storage-config';
import { z } from 'zod';
import { ok } from '@/lib/envelope';
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { requireAdmin } from '@/lib/guards';
import { testStorageConfig } from './probe';
import {
  createStorageConfig,
  deleteStorageConfig,
  getStorageConfig,
  listStorageConfigs,
  reconcileUsage,
  setDefaultStorageConfig,
  updateStorageConfig,
} from './service';

const tags = ['Storage configs'];
const security = adminSecurity;

/** Admin-only management of storage configs (SPEC §3, §6, §7: the /s3-configs family). */
export const storageConfigRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/s3-configs',
      tags,
      security,
      summary: 'List storage configs; keys masked, secrets never shown',
      responses: okResponse(storageConfigList),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await listStorageConfigs(c.get('deps')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3-configs',
      tags,
      security,
      summary: 'Create a storage config (S3-compatible or local)',
      request: jsonBody(createStorageConfigBody),
      responses: okResponse(storageConfigItem, 'Created', 201),
    }),
    async (c) => {
      requireAdmin(c);
      const created = await createStorageConfig(c.get('deps'), c.req.valid('json'));
      return ok(c, created, 201, 'Created');
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/s3-configs/{id}',
      tags,
      security,
      summary: 'One storage config',
      request: { params: idParam },
      responses: okResponse(storageConfigItem),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await getStorageConfig(c.get('deps'), c.req.valid('param').id));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/s3-configs/{id}',
      tags,
      security,
      summary: 'Change a storage config; empty key fields keep the stored keys',
      request: { params: idParam, ...jsonBody(updateStorageConfigBody) },
      responses: okResponse(storageConfigItem),
    }),
    async (c) => {
      requireAdmin(c);
      const { id } = c.req.valid('param');
      return ok(c, await updateStorageConfig(c.get('deps'), id, c.req.valid('json')));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/s3-configs/{id}',
      tags,
      security,
      summary: 'Delete a storage config; refused for the default and while files or mounts use it',
      request: { params: idParam },
      responses: okResponse(z.null()),
    }),
    async (c) => {
      requireAdmin(c);
      await deleteStorageConfig(c.get('deps'), c.req.valid('param').id);
      return ok(c, null, 200, 'Deleted');
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/s3-configs/{id}/set-default',
      tags,
      security,
      summary: 'Make this config the default (exactly one default)',
      request: { params: idParam },
      responses: okResponse(storageConfigItem),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await setDefaultStorageConfig(c.get('deps'), c.req.valid('param').id));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3-configs/{id}/test',
      tags,
      security,
      summary: 'Write, read, list and delete a probe object; check browser (CORS) access',
      request: { params: idParam },
      responses: okResponse(storageTestResult),
    }),
    async (c) => {
      requireAdmin(c);
      // Without an Origin header, the origin clients use: behind a trusted proxy, not ours.
      const origin =
        c.req.header('origin') ?? new URL(publicBaseUrl(c.get('deps').config, c.req.raw)).origin;
      return ok(c, await testStorageConfig(c.get('deps'), c.req.valid('param').id, origin));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3-configs/{id}/reconcile',
      tags,
      security,
      summary: "Recount the config's used bytes from a listing of its storage",
      description:
        "Lists the whole storage and sets the capacity ledger's used figure to the sum, for " +
        'files added or removed outside Pastebox; writes in flight keep their reservations.',
      request: { params: idParam },
      responses: okResponse(storageUsageFigures),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await reconcileUsage(c.get('deps'), c.req.valid('param').id));
    },
  );
