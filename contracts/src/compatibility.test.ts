import { checkRemoteCompatibility, FEDERATION_CONTRACT } from './compatibility';
import { remoteManifestSchema } from './manifest';

const host = { contract: '1.1.0', shared: { react: '19.3.1', 'shared-ui': '0.1.0', zod: '4.6.7' } };

test('a remote on the same contract major and singleton lines runs, whichever side is newer', () => {
  expect(checkRemoteCompatibility({ contract: '1.0.0', shared: { react: '19.0.0', 'shared-ui': '0.1.4' } }, host)).toBeNull();
  expect(checkRemoteCompatibility({ contract: '1.7.2', shared: { react: '19.9.0' } }, host)).toBeNull();
});

test('a remote built for the next contract major needs a newer console; one for the previous major must be redeployed', () => {
  expect(checkRemoteCompatibility({ contract: '2.0.0', shared: {} }, host)).toEqual({
    kind: 'remote-newer',
    subject: 'contract',
    remoteVersion: '2.0.0',
    hostVersion: '1.1.0',
  });
  expect(checkRemoteCompatibility({ contract: '0.9.0', shared: {} }, host)?.kind).toBe('remote-older');
});

test('a shared singleton on another line is skew; below 1.0.0 the minor is the line', () => {
  expect(checkRemoteCompatibility({ contract: '1.1.0', shared: { react: '20.0.0' } }, host)).toMatchObject({ kind: 'remote-newer', subject: 'react' });
  expect(checkRemoteCompatibility({ contract: '1.1.0', shared: { 'shared-ui': '0.2.0' } }, host)).toMatchObject({ kind: 'remote-newer', subject: 'shared-ui' });
  expect(checkRemoteCompatibility({ contract: '1.1.0', shared: { react: '18.3.0' } }, host)).toMatchObject({ kind: 'remote-older', subject: 'react' });
  expect(checkRemoteCompatibility({ contract: '1.1.0', shared: { zod: 'latest' } }, host)).toMatchObject({ kind: 'remote-older', subject: 'zod' });
});

test('a singleton the host does not provide is no skew: the remote runs on the copy it ships', () => {
  expect(checkRemoteCompatibility({ contract: '1.1.0', shared: { 'left-pad': '9.0.0' } }, host)).toBeNull();
});

test('manifests from either side of a minor change parse: defaults for an older one, unknown fields dropped for a newer one', () => {
  const base = { name: 'remote_x', namespace: 'x', version: '1', routes: [], nav: [] };
  expect(remoteManifestSchema.parse(base)).toMatchObject({ contract: '1.0.0', shared: {} });
  const newer = remoteManifestSchema.parse({ ...base, contract: '1.9.0', shared: { react: '19.3.1' }, somethingLater: { a: 1 } });
  expect(newer).not.toHaveProperty('somethingLater');
  expect(checkRemoteCompatibility(newer, { contract: FEDERATION_CONTRACT, shared: {} })).toBeNull();
});
