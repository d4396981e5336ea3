import { Badge, Card, Code, Grid, Heading, HStack, PageHeader, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { allowedActionsByResource, usePermissions, useSession } from 'shared-auth';

/** The signed-in user's access, resource by resource, so a newcomer sees what their roles allow. */
function AccessCard() {
  const { t } = useTranslation('dashboard');
  const permissions = usePermissions();
  const byResource = allowedActionsByResource(permissions);
  const resources = Object.keys(byResource).sort();
  return (
    <Card.Root data-testid="access-card">
      <Card.Header>
        <Heading size="md">{t('access.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('access.description', { count: permissions.length })}
        </Text>
      </Card.Header>
      <Card.Body>
        {resources.length === 0 ? (
          <Text color="fg.muted">{t('access.none')}</Text>
        ) : (
          <Stack gap="3">
            {resources.map((resource) => (
              <HStack key={resource} justify="space-between" align="start" gap="4">
                <Text fontWeight="medium">{t(`resources.${resource}`, { defaultValue: resource })}</Text>
                <HStack gap="1" wrap="wrap" justify="end">
                  {byResource[resource].map((action) => (
                    <Badge key={action} colorPalette="brand" variant="subtle">
                      {t(`actions.${action}`, { defaultValue: action })}
                    </Badge>
                  ))}
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WebsiteCard() {
  const { t } = useTranslation('dashboard');
  const { activeWebsite, websites, user } = useSession();
  return (
    <Card.Root data-testid="website-card">
      <Card.Header>
        <Heading size="md">{t('website.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('website.description', { count: websites.length, organisation: user?.organisation.name ?? '' })}
        </Text>
      </Card.Header>
      <Card.Body>
        {activeWebsite ? (
          <Stack gap="2">
            <Text fontSize="lg" fontWeight="semibold">
              {activeWebsite.name}
            </Text>
            <Text color="fg.muted">{activeWebsite.domain}</Text>
            <Text fontSize="sm">
              {t('website.id')} <Code>{activeWebsite._id}</Code>
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('website.none')}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /dashboard: the landing page after sign-in (spec section 2). */
export default function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const { user, activeWebsite } = useSession();
  return (
    <>
      <PageHeader title={t('title')} description={t('greeting', { name: user?.name ?? '', website: activeWebsite?.name ?? '' })} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
        <WebsiteCard />
        <AccessCard />
      </Grid>
    </>
  );
}
