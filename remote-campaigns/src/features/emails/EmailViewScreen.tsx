import { Card, Heading, SimpleGrid, Stack, Stat } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import type { EmailStats } from 'contracts';
import { ContentViewScreen } from '../campaigns/components/ContentViewScreen';
import { EMAIL_SCREENS } from '../campaigns/kinds';
import { useEmail } from './api/get-email';
import { useEmailStats } from './api/get-email-stats';
import { EmailRecipients } from './components/EmailRecipients';
import { SendTestButton } from './components/SendTestButton';
import { EmailForm } from './components/EmailForm';
import { documentOf } from './email-document';

const FIGURES = ['recipients', 'sent', 'failed', 'opened', 'clicked', 'unsubscribed'] as const satisfies readonly (keyof EmailStats)[];

/** The e-mail's figures, refreshed while it is being sent: each person counts once per figure. */
function EmailFigures({ id }: { id: string }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const stats = useEmailStats(id);
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" data-testid="email-stats">
      {FIGURES.map((key) => (
        <Card.Root key={key} size="sm" data-testid={`email-stat-${key}`}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t(`emails.stats.${key}`)}</Stat.Label>
              <Stat.ValueText data-testid={`email-stat-${key}-value`} data-value={stats.data?.[key] ?? ''}>
                {stats.data ? number(stats.data[key]) : '…'}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** /emails/{id}/view (get_email): the e-mail read-only with its preview, its figures, its status and versions. */
export default function EmailViewScreen() {
  const { t } = useTranslation('campaigns');
  return (
    <ContentViewScreen kind={EMAIL_SCREENS} useItem={useEmail} extraActions={(email) => <SendTestButton id={email._id} />}>
      {(email, view) => (
        <>
          <EmailFigures id={email._id} />
          <EmailForm key={email._id} {...view} defaultValues={documentOf(email)} />
          <Stack gap="3">
            <Heading size="md">{t('emails.recipientsList.title')}</Heading>
            <EmailRecipients id={email._id} />
          </Stack>
        </>
      )}
    </ContentViewScreen>
  );
}
