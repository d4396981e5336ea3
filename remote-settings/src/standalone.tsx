import { renderStandalone } from 'shared-auth/standalone';
import manifest from './manifest';

// `pnpm --filter remote-settings dev`: this remote alone, inside the same providers as in the host,
// signing in against the API, so its team works without the other apps running.
renderStandalone({
  manifest,
  screens: {
    './RoleListScreen': () => import('./features/roles/RoleListScreen'),
    './RoleCreateScreen': () => import('./features/roles/RoleCreateScreen'),
    './RoleEditScreen': () => import('./features/roles/RoleEditScreen'),
    './GroupListScreen': () => import('./features/groups/GroupListScreen'),
    './GroupCreateScreen': () => import('./features/groups/GroupCreateScreen'),
    './GroupEditScreen': () => import('./features/groups/GroupEditScreen'),
    './WebsiteListScreen': () => import('./features/websites/WebsiteListScreen'),
    './TagListScreen': () => import('./features/tags/TagListScreen'),
    './WorkspaceListScreen': () => import('./features/workspaces/WorkspaceListScreen'),
    './UserListScreen': () => import('./features/users/UserListScreen'),
    './PeopleDataScreen': () => import('./features/people-data/PeopleDataScreen'),
    './AudiencesScreen': () => import('./features/audiences/AudiencesScreen'),
    './InvitationListScreen': () => import('./features/invitations/InvitationListScreen'),
  },
  apiBaseUrl: process.env.SIGNPOST_API_URL ?? 'http://localhost:4000',
});
