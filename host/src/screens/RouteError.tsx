import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Box, Button, Center, Code, Heading, Stack } from 'shared-ui';

/**
 * The routing layer's error element: 'Unexpected Application Error!' with the
 * status or message. It may render when translations themselves failed, so it uses no i18n.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Center minH="100dvh" p="6">
      <Stack gap="4" maxW="xl" data-testid="route-error">
        <Heading size="xl">Unexpected Application Error!</Heading>
        <Box>
          <Code whiteSpace="pre-wrap" p="3" display="block">
            {detail}
          </Code>
        </Box>
        <Button alignSelf="start" colorPalette="brand" onClick={() => window.location.assign('/')}>
          ↻
        </Button>
      </Stack>
    </Center>
  );
}
