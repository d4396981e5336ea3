import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';

/** The Id column of every list (hidden by default, toggleable). */
export function idColumn<T extends { _id: string }>(header: string): ColumnDef<T> {
  return {
    id: '_id',
    header,
    meta: { hiddenByDefault: true },
    cell: ({ row }) => (
      <Text fontFamily="mono" fontSize="xs" dir="ltr">
        {row.original._id}
      </Text>
    ),
  };
}
