/**
 * The calls about one section's material from the libraries (the 资料库 tables and pictures a section shows, the 知识库
 * passages suggested for it and the user's pins): the bid's access first (owner, and not finished to change), the leaf
 * from its outline, then the library's own service with the caller's owner. They live with the bid because they read
 * it; the libraries know nothing of bids.
 */
import type { FastifyInstance } from 'fastify';
import { DATA_TEXTS, REPOSITORY_TEXTS } from '@btz/shared';
import { databankCalls, repositoryCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { presentDataDoc } from '../../databank/present.js';
import { sectionMaterial, typesOfSection } from '../../databank/qualify.js';
import { ownerOf } from '../../enterprise/owner.js';
import { passagesById, pickPassage, unpickPassage } from '../../repository/repo.js';
import { suggestForSection } from '../../repository/service.js';
import { bidToRead, sectionToChange } from '../access.js';
import { leavesOf } from './sections.js';

export function registerSectionMaterialRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: databankCalls.section,
    handler: async ({ auth, query }) => {
      // the bid must be the caller's (another's answers 「标书不存在」); the documents are the caller's owner's
      const bid = await bidToRead(app, auth, query.bidId);
      const leaf = bid.card && bid.outline ? leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === query.nodeId) : undefined;
      if (!leaf || !bid.card || !bid.outline) throw badRequest(DATA_TEXTS.notLeaf);
      const matched = typesOfSection(bid.card, bid.outline, leaf.node, leaf.parentTitles);
      const types = query.types ?? matched;
      const { rows, doc } = await sectionMaterial(app, await ownerOf(app.db, auth), types, query.figureStart);
      return {
        matched,
        types,
        docs: rows.map((r) => {
          const p = presentDataDoc(r);
          return { id: p.id, type: p.type, name: p.name, fileKind: p.fileKind, expiry: p.expiry, daysLeft: p.daysLeft };
        }),
        doc,
      };
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.suggest,
    handler: async ({ auth, query }) => {
      const bid = await bidToRead(app, auth, query.id);
      const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === query.nodeId);
      if (!leaf) throw badRequest(REPOSITORY_TEXTS.nodeNotFound);
      return suggestForSection(app, await ownerOf(app.db, auth), bid, leaf.node, leaf.parentTitles);
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.pick,
    handler: async ({ auth, query }) => {
      const bid = await sectionToChange(app, auth, query.id, query.nodeId);
      if (!leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).some((l) => l.node.id === query.nodeId)) throw badRequest(REPOSITORY_TEXTS.nodeNotFound);
      if (query.pick === 'none') {
        await unpickPassage(app.db, bid.id, query.nodeId, query.passageId);
        return;
      }
      const pick = query.pick;
      if (!(await passagesById(app.db, await ownerOf(app.db, auth), [query.passageId])).length) throw badRequest(REPOSITORY_TEXTS.passageNotFound);
      await pickPassage(app.db, bid.id, query.nodeId, query.passageId, pick);
    },
  });
}
