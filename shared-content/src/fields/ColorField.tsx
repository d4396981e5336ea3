import { chakra, HStack, Input } from 'shared-ui';

/**
 * A colour: the browser's picker beside the hex text (typed or picked, both stay in step). The hex
 * text is the field's control (its label points at it); the swatch is a plain input outside the
 * field's context, so the two never share the field's one id.
 */
export function ColorField({
  value,
  onChange,
  label,
  testId,
  invalid,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
  label: string;
  testId?: string;
  invalid?: boolean;
}) {
  const hex = /^#[0-9a-f]{6}$/i.test(value ?? '') ? value! : '#000000';
  return (
    <HStack gap="2">
      <chakra.input
        type="color"
        value={hex}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        w="12"
        h="10"
        p="1"
        flexShrink={0}
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        bg="transparent"
        cursor="pointer"
      />
      <Input
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        maxW="32"
        dir="ltr"
        fontFamily="mono"
        aria-invalid={invalid || undefined}
        data-testid={testId}
      />
    </HStack>
  );
}
