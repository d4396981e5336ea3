import type { FastifyInstance } from 'fastify';
import {
  bannerBodySchema,
  bannerDeleteBodySchema,
  bannerListQuerySchema,
  bannerResponseSchema,
  bannerSavedResponseSchema,
  type BannerListQuery,
} from 'contracts';
import type { AppContext } from '../../context';
import { bannerKind } from '../campaigns-shared/kinds';
import { campaignRoutes, type CampaignArea } from '../campaigns-shared/routes';

/** Banners under /api/banners (spec section 7), permissions *_banners. */
export const bannerArea: CampaignArea = {
  base: '/api/banners',
  resource: 'banners',
  spec: bannerKind,
  tag: 'banners',
  bodySchema: bannerBodySchema,
  responseSchema: bannerResponseSchema,
  savedSchema: bannerSavedResponseSchema,
  listQuerySchema: bannerListQuerySchema,
  filters: (q) => ({ title: (q as BannerListQuery).titleOfBanner }),
  bulkSchema: bannerDeleteBodySchema,
  bulkField: 'banners',
};

export function bannerRoutes(app: FastifyInstance, ctx: AppContext) {
  campaignRoutes(app, ctx, bannerArea);
}
