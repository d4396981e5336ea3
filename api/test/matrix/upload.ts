import type { ProtectedRoute, Req } from './types';

/**
 * POST /api/upload, for any signed-in member with a website (permission null). The matrix
 * sends JSON bodies only (it sets its own headers), so a permitted caller gets past the access checks
 * and is then refused by the handler itself for carrying no file: 400 'Please choose an image'.
 * upload.test.ts posts real multipart files (201, wrong type, too large).
 */
export const protectedRoutes: ProtectedRoute[] = [
  { name: 'POST /api/upload', permission: 'create_upload', okStatus: 400, request: () => ({ method: 'POST', url: '/api/upload', payload: { file: 'none' } }) },
];

/** The stored images are public: customer websites show them to their visitors. */
export const publicRoutes: Req[] = [{ method: 'GET', url: '/uploads/00000000-0000-4000-8000-000000000000.png' }];
export const documentedPublic = ['GET /uploads/:file'];
