import { Box } from 'shared-ui';

/** The colour of a tag, as a small round chip. */
export function ColorSwatch({ color, size = '4' }: { color: string; size?: string }) {
  return (
    <Box
      as="span"
      display="inline-block"
      flexShrink={0}
      boxSize={size}
      borderRadius="full"
      borderWidth="1px"
      borderColor="border"
      style={{ background: color }}
      aria-hidden
    />
  );
}
