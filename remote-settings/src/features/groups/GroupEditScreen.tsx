import { useParams } from 'react-router-dom';
import type { GroupBody } from 'contracts';
import { EditFormScreen } from '../../components/form-screen';
import { useGroup } from './api/get-group';
import { useAllGroupMembers } from './api/list-group-members';
import { useUpdateGroup } from './api/update-group';
import { GroupForm } from './components/GroupForm';

/**
 * /group/{id}/update (update_group): loads GET /api/groups/{id} and its members as people; a group
 * of another website (or a missing one) shows a not-found state.
 */
export default function GroupEditScreen() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  const members = useAllGroupMembers(id);
  const update = useUpdateGroup();
  const error = group.error ?? members.error;
  const ready = group.data && members.data ? { ...group.data, members: members.data } : null;
  return (
    <EditFormScreen<GroupBody>
      resource="groups"
      listPath="/group"
      testId="group"
      name={ready?.name}
      loading={!ready && !error}
      error={error}
      onRetry={() => {
        if (group.isError) void group.refetch();
        if (members.isError) void members.refetch();
      }}
      save={(body) => update.mutateAsync({ params: { id }, body })}
      form={ready && !error ? (props) => <GroupForm key={ready._id} defaultValues={{ name: ready.name, members: ready.members }} {...props} /> : null}
    />
  );
}
