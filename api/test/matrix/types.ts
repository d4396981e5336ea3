import type { Permission } from 'contracts';
import type { TestApp, TestUser } from '../support/test-app';

/**
 * The authorization matrix is data: each area of the API lists its routes in a file of this folder,
 * and authorization-matrix.test.ts runs every route × { no token, expired token, forged token, user
 * without the permission, permitted user } (and, for routes on one object, a user of another
 * organisation → 404), then checks that every route of the OpenAPI document is listed somewhere.
 */
export type Req = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> | unknown[] };

export interface ProtectedRoute {
  name: string;
  /** The permission it needs, 'admin' for super-admin only, null for any signed-in user. */
  permission: Permission | 'admin' | null;
  /** Builds the request for a given caller (some bodies depend on who calls). */
  request(user: TestUser, t: TestApp): Req | Promise<Req>;
  okStatus?: number;
  /**
   * What the permitted user holds beside the route's own permission, for a call whose success needs
   * more (making an API key needs a permission to give it). The user without the permission still
   * holds everything else.
   */
  alsoHolds?: Permission[];
  /**
   * For routes on one object: builds the request on an object that belongs to `owner`'s
   * organisation; a permitted user of another organisation must get 404, never the object.
   */
  otherOrganisation?(owner: TestUser, t: TestApp): Req | Promise<Req>;
  /**
   * For routes that write roles, users or invitations: a request by `user`, who
   * holds the route's own permission, that tries to grant a permission `user` does not hold. It
   * must answer 403 and store nothing; `stored` tells whether the write happened anyway.
   */
  grantBeyondCaller?: {
    request(user: TestUser, t: TestApp): Req | Promise<Req>;
    stored(user: TestUser, t: TestApp, req: Req): Promise<boolean>;
  };
}

export interface MatrixArea {
  protectedRoutes: ProtectedRoute[];
  /** Routes that answer without a token (on their own terms: never 401 "Authentication required"). */
  publicRoutes: Req[];
}
