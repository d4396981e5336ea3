import { cancelTourCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/product-tours/cancel/{id} (cancel_tour). */
export const useCancelTour = () => useCallMutation(cancelTourCall);
