import { ForbiddenError } from '@casl/ability';
import { allowedActionsByResource, buildAbility, hasPermission, holdsAnyOf } from './ability';
import { decodeJwtExp } from './storage';

describe('buildAbility', () => {
  const permissions = ['get_posts', 'create_posts', 'duplication_checklist', 'get_pushNotification'];

  it('turns each action_resource into a rule on that resource', () => {
    const ability = buildAbility(permissions);
    expect(ability.can('create', 'posts')).toBe(true);
    expect(ability.can('duplication', 'checklist')).toBe(true);
    expect(ability.can('get', 'pushNotification')).toBe(true);
    expect(ability.can('delete', 'posts')).toBe(false);
    expect(ability.can('get', 'checklist')).toBe(false);
  });

  it('an inverted rule added after the permissions denies, with its reason', () => {
    const ability = buildAbility(permissions, [{ action: 'create', subject: 'posts', inverted: true, reason: 'Plan limit reached' }]);
    expect(ability.can('create', 'posts')).toBe(false);
    expect(ability.can('get', 'posts')).toBe(true);
    expect(() => ForbiddenError.from(ability).throwUnlessCan('create', 'posts')).toThrow('Plan limit reached');
  });

  it('keeps conditions and fields of extra rules', () => {
    const ability = buildAbility([], [{ action: 'update', subject: 'posts', conditions: { authorId: 'u1' }, fields: ['title'] }]);
    const mine = { __caslSubjectType__: 'posts', authorId: 'u1' };
    const theirs = { __caslSubjectType__: 'posts', authorId: 'u2' };
    expect(ability.can('update', mine as never, 'title')).toBe(true);
    expect(ability.can('update', mine as never, 'status')).toBe(false);
    expect(ability.can('update', theirs as never)).toBe(false);
  });
});

describe('permission helpers', () => {
  it('hasPermission is an exact string match; null needs nothing', () => {
    expect(hasPermission(['get_role'], 'get_role')).toBe(true);
    expect(hasPermission(['get_roles', 'get_rol'], 'get_role')).toBe(false);
    expect(hasPermission(new Set(['get_role']), 'get_role')).toBe(true);
    expect(hasPermission([], null)).toBe(true);
  });

  it('re-exports holdsAnyOf and allowedActionsByResource', () => {
    expect(holdsAnyOf(['get_posts'], 'posts')).toBe(true);
    expect(holdsAnyOf(['get_posts'], 'banners')).toBe(false);
    expect(allowedActionsByResource(['get_posts', 'create_posts', 'duplication_checklist'])).toEqual({
      posts: ['get', 'create'],
      checklist: ['duplication'],
    });
  });
});

describe('decodeJwtExp', () => {
  it('reads exp from a base64url payload and returns null for opaque tokens', () => {
    const payload = btoa(JSON.stringify({ exp: 1700000000, name: '??>' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeJwtExp(`h.${payload}.s`)).toBe(1700000000);
    expect(decodeJwtExp('opaque-token')).toBeNull();
    expect(decodeJwtExp('a.%%%.c')).toBeNull();
    expect(decodeJwtExp(null)).toBeNull();
  });
});
