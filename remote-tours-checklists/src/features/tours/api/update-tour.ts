import { updateTourCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/product-tours/{id} (update_tour): the whole document. */
export const useUpdateTour = () => useCallMutation(updateTourCall);
