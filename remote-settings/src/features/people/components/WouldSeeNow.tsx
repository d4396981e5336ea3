import { useState } from 'react';
import { Badge, Button, Card, FormField, HStack, Heading, Input, List, StatePanel, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { usePersonPreview } from '../api/preview-person';

/** "What would they see now": for a page of the website, every live item, shown or not, and why. */
export function WouldSeeNow({ personId }: { personId: string }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState('');
  const [url, setUrl] = useState('');
  const preview = usePersonPreview(personId, url);
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('people.preview.title')}
        </Heading>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setUrl(draft.trim());
          }}
        >
          <HStack align="end" gap="2" flexWrap="wrap">
            <FormField label={t('people.preview.url')} helper={t('people.preview.urlHelp')}>
              <Input value={draft} onChange={(e) => setDraft(e.target.value)} type="url" dir="ltr" placeholder="https://" data-testid="person-preview-url" />
            </FormField>
            <Button type="submit" variant="outline" loading={preview.isFetching} data-testid="person-preview-run">
              {t('people.preview.run')}
            </Button>
          </HStack>
        </form>
        {preview.isError && <StatePanel tone="danger" title={errorMessage(preview.error, t('people.preview.error'))} />}
        {preview.data &&
          (preview.data.items.length === 0 ? (
            <Text color="fg.muted">{t('people.preview.none')}</Text>
          ) : (
            <List.Root gap="2" listStyle="none" ps="0" data-testid="person-preview">
              {preview.data.items.map((item) => (
                <List.Item key={item._id}>
                  <Stack gap="1">
                    <HStack gap="2">
                      <Badge colorPalette={item.wouldShow ? 'green' : 'gray'}>
                        {item.wouldShow ? t('people.preview.shown') : t('people.preview.notShown')}
                      </Badge>
                      <Text fontWeight="medium">{item.name}</Text>
                    </HStack>
                    {/* Why not: the first check it failed, in the reader's language (the server's sentence). */}
                    {!item.wouldShow && (
                      <Text fontSize="sm" color="fg.muted">
                        {item.steps.find((step) => !step.ok)?.message}
                      </Text>
                    )}
                  </Stack>
                </List.Item>
              ))}
            </List.Root>
          ))}
      </Card.Body>
    </Card.Root>
  );
}
