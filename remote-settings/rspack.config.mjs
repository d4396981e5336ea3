import { createAppConfig } from '../tooling/rspack/app-config.mjs';

// Built, served and deployed on its own. `./manifest` is pure data (routes, permissions, nav);
// each screen is a separate exposed module, fetched the first time its route is visited.
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_settings',
  port: 3003,
  title: 'Signpost · Settings',
  exposes: {
    './manifest': './src/manifest.ts',
    './RoleListScreen': './src/features/roles/RoleListScreen.tsx',
    './RoleCreateScreen': './src/features/roles/RoleCreateScreen.tsx',
    './RoleEditScreen': './src/features/roles/RoleEditScreen.tsx',
    './GroupListScreen': './src/features/groups/GroupListScreen.tsx',
    './GroupCreateScreen': './src/features/groups/GroupCreateScreen.tsx',
    './GroupEditScreen': './src/features/groups/GroupEditScreen.tsx',
    './WebsiteListScreen': './src/features/websites/WebsiteListScreen.tsx',
    './TagListScreen': './src/features/tags/TagListScreen.tsx',
    './WorkspaceListScreen': './src/features/workspaces/WorkspaceListScreen.tsx',
    './UserListScreen': './src/features/users/UserListScreen.tsx',
    './PeopleDataScreen': './src/features/people-data/PeopleDataScreen.tsx',
    './AudiencesScreen': './src/features/audiences/AudiencesScreen.tsx',
    './InvitationListScreen': './src/features/invitations/InvitationListScreen.tsx',
    './InstallationGuideScreen': './src/features/installation-guide/InstallationGuideScreen.tsx',
  },
});
