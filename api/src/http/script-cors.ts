declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route override of @fastify/cors (its own types do not declare it). */
    cors?: { origin?: string | boolean; methods?: string[]; allowedHeaders?: string[]; maxAge?: number; credentials?: boolean };
  }
}

/**
 * The CORS policy of the website script's calls (definitions marked `websiteScript` in contracts).
 * Customer websites call them from their own origin, so they answer any origin, without credentials
 * (they need none: the key in the path names the website; the page's origin is checked against the
 * website's domain instead). Only these routes are opened: the rest of the API keeps the console's
 * origins (CORS_ORIGINS).
 */
export const SCRIPT_CORS = {
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language'],
  maxAge: 86_400,
  credentials: false,
};
