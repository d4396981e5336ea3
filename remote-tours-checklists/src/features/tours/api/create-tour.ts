import { createTourCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/product-tours?workSpace= (create_tour): no body; 201 with the new draft. */
export const useCreateTour = () => useCallMutation(createTourCall);
