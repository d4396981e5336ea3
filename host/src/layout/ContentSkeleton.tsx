import { Skeleton, Stack } from 'shared-ui';

/** Placeholder of a section while its code or data loads. */
export function ContentSkeleton() {
  return (
    <Stack gap="4" data-testid="content-skeleton" aria-busy="true">
      <Skeleton height="8" width="40%" />
      <Skeleton height="24" />
      <Skeleton height="48" />
    </Stack>
  );
}
