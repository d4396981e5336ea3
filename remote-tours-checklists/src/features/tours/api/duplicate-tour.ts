import { duplicateTourCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/product-tours/duplicate/{id} (duplicate_tour): a draft copy. */
export const useDuplicateTour = () => useCallMutation(duplicateTourCall);
