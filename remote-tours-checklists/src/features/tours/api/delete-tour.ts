import { deleteTourCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/product-tours/{id} (delete_tour). */
export const useDeleteTour = () => useCallMutation(deleteTourCall);
