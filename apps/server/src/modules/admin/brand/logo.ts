/**
 * Logo upload in the console (issue 28, 品牌设置): the operator sends a picture; the picture workers check it as they check
 * every uploaded picture (type by content, declared size against the bytes, decoding capped: a hostile image is refused
 * in Chinese). Its bytes are stored through the storage ledger (kind `brand`, held by the tenant, not counted against any
 * user's quota) and served on the brand's own hosts at `/brand-file/{sha256}.{ext}`, the path the logo fields take.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { adminBrandCalls } from '@btz/shared/calls';
import { PictureError } from '@btz/bid-engine/pictures';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { readUpload } from '../../../http/upload.js';
import { sendBody } from '../../../http/send-file.js';
import { newId } from '../../../lib/ids.js';
import { StorageNotFoundError } from '../../../providers/storage/index.js';
import { writeAudit } from '../audit/repo.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { isBrandFileOf } from './repo.js';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const MIME: Record<string, string> = Object.fromEntries(Object.entries(EXT).map(([m, e]) => [e, m]));
const BRAND_FILE = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

/**
 * The bytes of a picture uploaded for this tenant's brand, from the path a logo field holds (`/brand-file/{sha256}.{ext}`);
 * undefined for any other value (a generated default such as `/brand/btz/ec.svg`, another brand's file, a missing one).
 */
export async function brandFileBytes(app: Pick<AppContext, 'db' | 'storage'>, tenantId: string, path: string | undefined): Promise<Buffer | undefined> {
  const m = /^\/brand-file\/(.+)$/.exec(path ?? '');
  const f = m ? BRAND_FILE.exec(m[1]!) : null;
  if (!f || !(await isBrandFileOf(app.db, tenantId, f[1]!))) return undefined;
  try {
    return await app.storage.get(f[1]!);
  } catch (e) {
    if (e instanceof StorageNotFoundError) return undefined;
    throw e;
  }
}

export function registerBrandLogo(fastify: FastifyInstance, app: AppContext): void {
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 20 } });
    defineAdminRoute(scope, app, {
      call: adminBrandCalls.uploadLogo,
      rateLimit: 'picture',
      handler: async ({ app, op, query, req, ip }) => {
        // whose brand first: an operator of another tenant is refused before anything is read
        const tenantId = tenantScope(op, query.tenantId);
        if (!tenantId) throw badRequest('请选择租户（tenantId）');
        const upload = await readUpload(req, Math.min(LOGO_MAX_BYTES, app.config.uploadMaxBytes));
        let mime: string;
        try {
          mime = (await app.pictures.analyse(upload.data)).mime;
        } catch (e) {
          if (e instanceof PictureError) throw badRequest(e.message);
          throw e;
        }
        const ext = EXT[mime];
        if (!ext) throw badRequest('Logo 只支持 PNG、JPEG、GIF 或 WebP 图片');
        const refId = newId();
        const stored = await app.storage.put(upload.data, { tenantId, userId: `operator:${op.id}`, kind: 'brand', refId });
        const filePath = `/brand-file/${stored.key}.${ext}`;
        await writeAudit(app.db, { operatorId: op.id, tenantId, action: 'brand.logo', targetType: 'tenant', targetId: tenantId, after: { path: filePath, name: upload.filename }, ip });
        return { path: filePath };
      },
    });
  });

  // an uploaded picture of this brand, by its content hash: public (logos are shown to everyone), cached for good
  fastify.get('/brand-file/:file', async (req, reply) => {
    const m = BRAND_FILE.exec((req.params as { file: string }).file);
    if (!m || !(await isBrandFileOf(app.db, req.tenant.id, m[1]!))) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    try {
      const data = await app.storage.open(m[1]!);
      return sendBody(reply.type(MIME[m[2]!]!).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable'), data);
    } catch (e) {
      if (e instanceof StorageNotFoundError) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
      throw e;
    }
  });
}
