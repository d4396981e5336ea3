import { HStack, Input } from 'shared-ui';

/** A colour: the browser's picker beside the hex text (typed or picked, both stay in step). */
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
      <Input type="color" value={hex} onChange={(e) => onChange(e.target.value)} aria-label={label} w="12" p="1" flexShrink={0} />
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
