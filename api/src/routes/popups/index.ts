import type { FastifyInstance } from 'fastify';
import { popupBodySchema, popupDeleteBodySchema, popupListQuerySchema, popupResponseSchema, popupSavedResponseSchema, type PopupListQuery } from 'contracts';
import type { AppContext } from '../../context';
import { popupKind } from '../campaigns-shared/kinds';
import { campaignRoutes, type CampaignArea } from '../campaigns-shared/routes';

/**
 * Popups (spec: "posts"; routes /posts…, permissions *_posts) under /api/popups, the same shape as
 * banners (spec section 7). The form-answers export is GET /api/export/{id} (routes/export).
 */
export const popupArea: CampaignArea = {
  base: '/api/popups',
  resource: 'posts',
  spec: popupKind,
  tag: 'popups',
  bodySchema: popupBodySchema,
  responseSchema: popupResponseSchema,
  savedSchema: popupSavedResponseSchema,
  listQuerySchema: popupListQuerySchema,
  filters: (q) => ({ title: (q as PopupListQuery).titleOfPopup }),
  bulkSchema: popupDeleteBodySchema,
  bulkField: 'popups',
};

export function popupRoutes(app: FastifyInstance, ctx: AppContext) {
  campaignRoutes(app, ctx, popupArea);
}
