import { createAttributeCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/attributes: 201 with the message telling the user to start sending it from their code. */
export const useCreateAttribute = () => useCallMutation(createAttributeCall);
