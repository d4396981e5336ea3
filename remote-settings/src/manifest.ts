import type { RemoteManifest } from 'contracts';

/** What this remote contributes to the console: pure data, read by the host at run time. */
const manifest: RemoteManifest = {
  name: 'remote_settings',
  namespace: 'settings',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [
    { path: '/role', screen: './RoleListScreen', permission: 'get_role', layout: 'main' },
    { path: '/role/create', screen: './RoleCreateScreen', permission: 'create_role', layout: 'main' },
    { path: '/role/:id/edit', screen: './RoleEditScreen', permission: 'update_role', layout: 'main' },
    // The website's people and their data: reading needs get_people; deleting one (inside) delete_people, as the API.
    { path: '/people', screen: './PeopleListScreen', permission: 'get_people', layout: 'main' },
    { path: '/people/:personId', screen: './PersonScreen', permission: 'get_people', layout: 'main' },
    { path: '/group', screen: './GroupListScreen', permission: 'get_group', layout: 'main' },
    { path: '/group/create', screen: './GroupCreateScreen', permission: 'create_group', layout: 'main' },
    { path: '/group/:id/update', screen: './GroupEditScreen', permission: 'update_group', layout: 'main' },
    { path: '/websites', screen: './WebsiteListScreen', permission: 'get_websites', layout: 'main' },
    { path: '/invitations', screen: './InvitationListScreen', permission: 'get_invitations', layout: 'main' },
    // Tags and workspaces have no route nor permission of their own: any signed-in member (as the API).
    { path: '/settings/tags', screen: './TagListScreen', permission: null, layout: 'main' },
    { path: '/settings/workspaces', screen: './WorkspaceListScreen', permission: null, layout: 'main' },
    // /user requires get_user; the screen itself shows the list only to the super-admin.
    { path: '/user', screen: './UserListScreen', permission: 'get_user', layout: 'main', superAdminOnly: true },
    // /settings/people-data requires no permission (any signed-in member, as the API).
    { path: '/settings/people-data', screen: './PeopleDataScreen', permission: null, layout: 'main' },
    // /settings/audiences requires no permission (the preview inside needs get_members, as the API).
    { path: '/settings/audiences', screen: './AudiencesScreen', permission: null, layout: 'main' },
    // /installation-guide requires no permission (its snippet needs get_websites, as the API).
    { path: '/installation-guide', screen: './InstallationGuideScreen', permission: null, layout: 'main' },
    // The delivery settings are the website's (GET needs get_websites, saving create_websites, as the API).
    { path: '/settings/delivery', screen: './DeliverySettingsScreen', permission: 'get_websites', layout: 'main' },
    // /settings/messenger requires no permission (saving needs create_websites, as the API).
    { path: '/settings/messenger', screen: './MessengerSettingsScreen', permission: null, layout: 'main' },
    // The website's conversations with its visitors: their names, addresses and messages need
    // get_reclamation, as the API (which asks it to answer and close them too); notifications link here.
    { path: '/settings/conversations', screen: './ConversationListScreen', permission: 'get_reclamation', layout: 'main' },
    { path: '/settings/conversations/:id', screen: './ConversationScreen', permission: 'get_reclamation', layout: 'main' },
    { path: '/settings/webhooks', screen: './WebhooksScreen', permission: 'get_webhooks', layout: 'main' },
    { path: '/settings/audit-log', screen: './AuditLogScreen', permission: 'get_auditLog', layout: 'main' },
    { path: '/settings/api-keys', screen: './ApiKeysScreen', permission: 'get_apiKeys', layout: 'main' },
  ],
  nav: [
    { labelKey: 'nav.roles', path: '/role', icon: 'roles', permission: 'get_role', group: 'organisation', order: 20 },
    { labelKey: 'people.nav', path: '/people', icon: 'users', permission: 'get_people', group: 'audience', order: 5 },
    { labelKey: 'groups.nav', path: '/group', icon: 'groups', permission: 'get_group', group: 'audience', order: 10 },
    { labelKey: 'invitations.nav', path: '/invitations', icon: 'invitations', permission: 'get_invitations', group: 'organisation', order: 30 },
    { labelKey: 'nav.websites', path: '/websites', icon: 'websites', permission: 'get_websites', group: 'organisation', order: 40 },
    { labelKey: 'tags.nav', path: '/settings/tags', icon: 'tags', permission: null, group: 'setup', order: 40 },
    { labelKey: 'workspaces.nav', path: '/settings/workspaces', icon: 'workspaces', permission: null, group: 'setup', order: 45 },
    { labelKey: 'users.nav', path: '/user', icon: 'users', permission: 'get_user', group: 'organisation', order: 10, superAdminOnly: true },
    { labelKey: 'peopleData.nav', path: '/settings/people-data', icon: 'peopleData', permission: null, group: 'audience', order: 30 },
    { labelKey: 'audiences.nav', path: '/settings/audiences', icon: 'audiences', permission: null, group: 'audience', order: 20 },
    { labelKey: 'installationGuide.nav', path: '/installation-guide', icon: 'guide', permission: null, group: 'setup', order: 50 },
    { labelKey: 'delivery.nav', path: '/settings/delivery', icon: 'settings', permission: 'get_websites', group: 'setup', order: 55 },
    { labelKey: 'messenger.nav', path: '/settings/messenger', icon: 'messenger', permission: null, group: 'setup', order: 60 },
    { labelKey: 'webhooks.nav', path: '/settings/webhooks', icon: 'route', permission: 'get_webhooks', group: 'setup', order: 65 },
    { labelKey: 'auditLog.nav', path: '/settings/audit-log', icon: 'listChecks', permission: 'get_auditLog', group: 'organisation', order: 55 },
    { labelKey: 'conversations.nav', path: '/settings/conversations', icon: 'conversations', permission: 'get_reclamation', group: 'audience', order: 40 },
    // An icon of the hosts already deployed (a new icon name would fail an older host's manifest check).
    { labelKey: 'apiKeys.nav', path: '/settings/api-keys', icon: 'settings', permission: 'get_apiKeys', group: 'organisation', order: 50 },
  ],
};

export default manifest;
