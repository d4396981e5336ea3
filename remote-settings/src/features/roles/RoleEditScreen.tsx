import { useParams } from 'react-router-dom';
import type { RoleBody } from 'contracts';
import { EditFormScreen } from '../../components/form-screen';
import { useRole } from './api/get-role';
import { useUpdateRole } from './api/update-role';
import { RoleForm } from './components/RoleForm';

/** /role/{id}/edit (update_role): loads GET /api/roles/{id}; a missing role shows a not-found state. */
export default function RoleEditScreen() {
  const { id = '' } = useParams();
  const role = useRole(id);
  const update = useUpdateRole();
  const data = role.data;
  return (
    <EditFormScreen<RoleBody>
      resource="roles"
      listPath="/role"
      testId="role"
      name={data?.name}
      loading={role.isPending}
      error={role.error}
      onRetry={() => void role.refetch()}
      save={(body) => update.mutateAsync({ params: { id }, body })}
      form={data ? (props) => <RoleForm key={data._id} defaultValues={{ name: data.name, permissions: data.permissions }} {...props} /> : null}
    />
  );
}
