import type { GroupBody } from 'contracts';
import { CreateFormScreen } from '../../components/form-screen';
import { useCreateGroup } from './api/create-group';
import { GroupForm } from './components/GroupForm';

/** /group/create (create_group): a new group of the active website's people; saved → toast → /group. */
export default function GroupCreateScreen() {
  const create = useCreateGroup();
  return (
    <CreateFormScreen<GroupBody> resource="groups" listPath="/group" save={(body) => create.mutateAsync({ body })} form={(props) => <GroupForm {...props} />} />
  );
}
