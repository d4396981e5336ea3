import { createBuilderTokenCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/product-tours/{id}/builder-token (update_tour): the page to open, with a one-time builder token in its fragment. */
export const useCreateBuilderToken = () => useCallMutation(createBuilderTokenCall);
