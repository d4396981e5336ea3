import { z } from 'zod';
import { defineCall } from './call';
import { idParamSchema, requiredText } from './common';
import { LIMITS } from './limits';
import { msg } from './message-code';
import { scriptCall } from './script-call';
import { tourKind } from './content-kinds';
import { kindAccess } from './kind-calls';
import { BUILDER_PATHS } from './script';
import { TOUR_MAX_STEPS, tourStepInputSchema, tourStepSchema } from './tours';

/**
 * The on-page tour builder (`/pretour`): the console asks for a one-time builder token for a tour and
 * a page of its website, and opens that page with the token in the URL fragment (never sent to a
 * server or kept in a log). The website script exchanges it for a builder session through the
 * script's public CORS (a text/plain body, never the console's tokens), and the builder reads and
 * saves the tour's steps with that session, which is good for that website and tour only.
 */

/** How long a builder token may wait for its page to open. */
export const BUILDER_TOKEN_TTL_SECONDS = 600;
/** How long a builder session lasts (the author works through several pages). */
export const BUILDER_SESSION_TTL_SECONDS = 4 * 3600;

export const BUILDER_URL_NOT_OF_WEBSITE_MESSAGE = msg('tourBuilder.urlNotOfWebsite');
export const BUILDER_TOKEN_REFUSED_MESSAGE = msg('tourBuilder.tokenRefused');
export const BUILDER_SESSION_REFUSED_MESSAGE = msg('tourBuilder.sessionRefused');
export const BUILDER_OTHER_TOUR_MESSAGE = msg('tourBuilder.otherTour');
export const BUILDER_STEPS_SAVED_MESSAGE = msg('tourBuilder.stepsSaved');
export const BUILDER_TOKEN_CREATED_MESSAGE = msg('tourBuilder.tokenCreated');

const httpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** POST /api/product-tours/{id}/builder-token body: a full address of a page of the website. */
export const builderTokenBodySchema = z.object({
  url: requiredText(msg('validation.urlInvalid'), LIMITS.urlMax, msg('validation.urlTooLong')).refine(httpUrl, msg('validation.urlInvalid')),
});
export type BuilderTokenBody = z.input<typeof builderTokenBodySchema>;

export const builderTokenAnswerSchema = z.object({
  message: z.string(),
  /** The page to open: the address sent, with `#signpost-builder=<token>`. */
  url: z.string(),
  expiresAt: z.string(),
});
export type BuilderTokenAnswer = z.infer<typeof builderTokenAnswerSchema>;

const secret = (required: ReturnType<typeof msg>) => z.string({ error: required }).trim().min(1, required).max(2000, required);

export const builderSessionBodySchema = z.object({ token: secret(BUILDER_TOKEN_REFUSED_MESSAGE) });
export const builderSessionAnswerSchema = z.object({ session: z.string(), tourId: z.string(), expiresAt: z.string() });
export type BuilderSessionAnswer = z.infer<typeof builderSessionAnswerSchema>;

const sessionShape = { session: secret(BUILDER_SESSION_REFUSED_MESSAGE), tourId: z.string().uuid(BUILDER_OTHER_TOUR_MESSAGE) };
export const builderTourBodySchema = z.object(sessionShape);
export const builderStepsBodySchema = z.object({
  ...sessionShape,
  steps: z.array(tourStepInputSchema).max(TOUR_MAX_STEPS, msg('tours.stepsTooMany')),
});
export type BuilderStepsBody = z.input<typeof builderStepsBodySchema>;

/** What the builder needs of the tour: its title and its steps (the working copy: unpublished changes when there are). */
export const builderTourSchema = z.object({ _id: z.string(), title: z.string(), steps: z.array(tourStepSchema) });
export type BuilderTour = z.infer<typeof builderTourSchema>;
export const builderTourAnswerSchema = z.object({ data: builderTourSchema });
export const builderStepsAnswerSchema = z.object({ message: z.string(), data: builderTourSchema });

export const createBuilderTokenCall = defineCall({
  method: 'POST',
  path: `${tourKind.path}/:id/builder-token`,
  access: kindAccess('update', tourKind.resource),
  summary: 'A one-time builder token (10 minutes) for a product tour and a page of its website: the page to open with it in the fragment',
  tag: tourKind.tag,
  params: idParamSchema,
  body: builderTokenBodySchema,
  status: 201,
  response: builderTokenAnswerSchema,
  errors: [400, 401, 403, 404],
});

export const startBuilderSessionCall = scriptCall({
  path: BUILDER_PATHS.session,
  summary: 'Exchange a builder token for a builder session (website script; text/plain body)',
  body: builderSessionBodySchema,
  response: builderSessionAnswerSchema,
});

export const getBuilderTourCall = scriptCall({
  path: BUILDER_PATHS.tour,
  summary: "The builder session's tour: its title and steps (website script; text/plain body)",
  body: builderTourBodySchema,
  response: builderTourAnswerSchema,
});

export const saveBuilderStepsCall = scriptCall({
  path: BUILDER_PATHS.steps,
  summary: "Save the steps of the builder session's tour (website script; text/plain body)",
  body: builderStepsBodySchema,
  response: builderStepsAnswerSchema,
});
