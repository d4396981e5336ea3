import { createTagCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/tags (create_tags, inside the active website): 201 { message, data }; a taken name answers 409 on `name`. */
export const useCreateTag = () => useCallMutation(createTagCall);
