/**
 * 头像上传 (issue 27, 个人中心): the user sends a picture; the picture workers check it as they check every uploaded picture
 * (type by content, declared size against the bytes, decoding capped — a hostile image is refused in Chinese, the server
 * stays up) and make the thumbnail (≤ 320 px JPEG). The thumbnail is the avatar: stored through the storage ledger (kind
 * `avatar`, counted against the user's quota, held by the user's row) and served publicly at `/avatar/{sha256}.jpg`,
 * content-addressed, so it is cached for good. The previous avatar is released once the new one is the user's.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { userCalls } from '@btz/shared/calls';
import { PictureError } from '@btz/bid-engine/pictures';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { readUpload } from '../../http/upload.js';
import { sendBody } from '../../http/send-file.js';
import { newId } from '../../lib/ids.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { avatarRefs, isAvatarOf, updateUserFields } from './repo.js';
import { loadUserInfo, requestOrigin } from './routes.js';

/** Largest picture taken for an avatar. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const AVATAR_FILE = /^([0-9a-f]{64})\.jpg$/;

export function registerAvatarRoutes(fastify: FastifyInstance, app: AppContext): void {
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 20 } });
    registerUpload(scope, app);
  });
  registerServing(fastify, app);
}

function registerUpload(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: userCalls.uploadAvatar,
    rateLimit: 'picture',
    handler: async ({ req, auth }) => {
      const upload = await readUpload(req, Math.min(AVATAR_MAX_BYTES, app.config.uploadMaxBytes));
      let thumbnail: Buffer;
      try {
        thumbnail = (await app.pictures.analyse(upload.data)).thumbnail;
      } catch (e) {
        if (e instanceof PictureError) throw badRequest(e.message);
        throw e;
      }
      // the ledger rows of the avatars this user had: released once the new one is in place
      const before = await avatarRefs(app.db, auth.tenantId, auth.userId);
      const refId = newId();
      const stored = await app.storage.put(thumbnail, { tenantId: auth.tenantId, userId: auth.userId, kind: 'avatar', refId });
      await updateUserFields(app.db, auth.tenantId, auth.userId, { avatar: `/avatar/${stored.key}.jpg` });
      const old = before.filter((r) => r !== refId);
      await app.storage.release(old).catch((err: unknown) => app.log.warn({ err }, 'avatar: release of the old one failed'));
      return loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req));
    },
  });
}

function registerServing(fastify: FastifyInstance, app: AppContext): void {
  // the avatar of a user of this brand, by its content hash: public (an <img> sends no login header), cached for good
  fastify.get('/avatar/:file', async (req, reply) => {
    const m = AVATAR_FILE.exec((req.params as { file: string }).file);
    const held = m && (await isAvatarOf(app.db, req.tenant.id, m[1]!));
    if (!held) return reply.code(404).type('text/plain; charset=utf-8').send('头像不存在');
    try {
      const data = await app.storage.open(m[1]!);
      return sendBody(reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable'), data);
    } catch (e) {
      if (e instanceof StorageNotFoundError) return reply.code(404).type('text/plain; charset=utf-8').send('头像不存在');
      throw e;
    }
  });
}
