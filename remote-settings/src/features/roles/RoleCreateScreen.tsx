import type { RoleBody } from 'contracts';
import { CreateFormScreen } from '../../components/form-screen';
import { useCreateRole } from './api/create-role';
import { RoleForm } from './components/RoleForm';

/** /role/create (create_role): a new role from permission cards; saved → toast → /role. */
export default function RoleCreateScreen() {
  const create = useCreateRole();
  return (
    <CreateFormScreen<RoleBody> resource="roles" listPath="/role" save={(body) => create.mutateAsync({ body })} form={(props) => <RoleForm {...props} />} />
  );
}
