import type { FastifyInstance } from 'fastify';
import type { WelfarePoster, WelfareTaskCode } from '@btz/shared';
import { welfareCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { findUser } from '../user/repo.js';
import { requestOrigin } from '../user/routes.js';
import { brandFileBytes } from '../admin/brand/logo.js';
import { brandLogo, drawPoster } from './poster.js';
import { claimTask, markPosterShared, welfareOverview } from './service.js';

export function registerWelfareRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: welfareCalls.tasks,
    handler: ({ app, auth }) => welfareOverview(app.db, auth.tenantId, auth.userId),
  });

  defineRoute(fastify, app, {
    call: welfareCalls.claim,
    handler: ({ app, auth, query }) => claimTask(app, { tenantId: auth.tenantId, userId: auth.userId, code: query.code as WelfareTaskCode }),
  });

  defineRoute(fastify, app, {
    call: welfareCalls.poster,
    handler: async ({ app, auth, req, tenant }): Promise<WelfarePoster> => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u) throw unauthorized();
      const inviteUrl = `${requestOrigin(req)}/${u.invite_code}`;
      const b = tenant.branding as unknown as Record<string, string | undefined>;
      const logo = await brandLogo(await brandFileBytes(app, auth.tenantId, b.ecLogo));
      const png = drawPoster({
        logo,
        brandName: b.name ?? '标书AI',
        color: b.primaryColor ?? '#1f5eff',
        slogan: (b.text ?? '').split('——')[1] ?? '',
        inviterName: u.nick_name || '您的好友',
        inviteUrl,
        inviteCode: u.invite_code,
      });
      return { inviteCode: u.invite_code, inviteUrl, poster: `data:image/png;base64,${png.toString('base64')}` };
    },
  });

  defineRoute(fastify, app, {
    call: welfareCalls.shared,
    handler: ({ app, auth }) => markPosterShared(app.db, auth.tenantId, auth.userId),
  });
}
