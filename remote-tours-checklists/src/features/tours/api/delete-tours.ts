import { deleteToursCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/product-tours (delete_tour), body { productTours: [ids] }: all or nothing. */
export const useDeleteTours = () => useCallMutation(deleteToursCall);
