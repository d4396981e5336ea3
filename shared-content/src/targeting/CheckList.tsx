import { Box, Stack, Text, chakra } from 'shared-ui';

/**
 * A multi-select as a list of checkboxes (groups, saved audiences): plain inputs with their labels,
 * so keyboards, screen readers and tests reach each choice by its name.
 */
export function CheckList({
  options,
  value,
  onChange,
  empty,
  label,
  testId,
  invalid,
}: {
  options: readonly { _id: string; name: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  empty: string;
  label: string;
  testId: string;
  invalid?: boolean;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      aria-invalid={invalid || undefined}
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      borderRadius="md"
      maxH="48"
      overflowY="auto"
      p="2"
      data-testid={testId}
    >
      {options.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" p="1">
          {empty}
        </Text>
      ) : (
        <Stack gap="1">
          {options.map((o) => (
            <chakra.label key={o._id} display="flex" alignItems="center" gap="2" fontSize="sm" px="1" py="0.5" cursor="pointer">
              <chakra.input
                type="checkbox"
                accentColor="brand.solid"
                checked={value.includes(o._id)}
                onChange={(e) => onChange(e.target.checked ? [...value, o._id] : value.filter((id) => id !== o._id))}
              />
              {o.name}
            </chakra.label>
          ))}
        </Stack>
      )}
    </Box>
  );
}
