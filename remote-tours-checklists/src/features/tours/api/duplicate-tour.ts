import { duplicateTourCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/product-tours/duplicate/{id} (duplicate_tour): a draft copy. */
export const useDuplicateTour = () => useCallMutation(duplicateTourCall);
