import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS, listToursCall } from 'contracts';
import { Box, Button, FormField, Heading, Input, Link, SelectField, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, fieldErrors, useCallQuery } from 'shared-data';
import { useSession } from 'shared-auth';
import { useCreateBuilderToken } from './api/create-builder-token';

/**
 * /pretour (update_tour, bare layout): the author picks the tour (`?tour=<id>` from the tour editor's
 * "Build on my site") and a full address of a page of the active website; the console asks for a
 * one-time builder token and opens that page in a new tab with the token in its fragment, where the
 * website script starts the builder. The tour's screen shows the saved steps when the author comes back.
 */
export default function PretourScreen() {
  const { t } = useTranslation('toursChecklists');
  const [params, setParams] = useSearchParams();
  const website = useSession().activeWebsite;
  const tourId = params.get('tour') ?? '';
  const tours = useCallQuery(listToursCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } }, { select: (answer) => answer.docs });
  const [url, setUrl] = useState(website?.domain ? `https://${website.domain}/` : 'https://');
  const [errors, setErrors] = useState<{ url?: string; tour?: string; form?: string }>({});
  const [opened, setOpened] = useState<string | null>(null);
  const { mutateAsync: createToken, isPending } = useCreateBuilderToken();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tourId) return setErrors({ tour: t('pretour.tourRequired') });
    setErrors({});
    try {
      const answer = await createToken({ params: { id: tourId }, body: { url: url.trim() } });
      setOpened(answer.url);
      window.open(answer.url, '_blank', 'noopener');
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields.url ? { url: fields.url } : { form: errorMessage(error, t('pretour.failed')) });
    }
  };

  return (
    <Box as="main" maxW="xl" mx="auto" p="8">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <Heading as="h1" size="lg">
            {t('pretour.title')}
          </Heading>
          <Text color="fg.muted">{t('pretour.description')}</Text>
          <SelectField
            label={t('pretour.tour')}
            error={errors.tour}
            placeholder={t('pretour.chooseTour')}
            options={(tours.data ?? []).map((tour) => ({ value: tour._id, label: tour.title || t('pretour.untitled') }))}
            value={tourId}
            onChange={(e) => setParams(e.target.value ? { tour: e.target.value } : {}, { replace: true })}
            testId="pretour-tour"
          />
          <FormField label={t('pretour.url')} error={errors.url} helper={t('pretour.urlHelp', { domain: website?.domain ?? '' })} required>
            <Input type="url" dir="ltr" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="pretour-url" />
          </FormField>
          {errors.form && (
            <Text role="alert" color="fg.error">
              {errors.form}
            </Text>
          )}
          <Button type="submit" loading={isPending} alignSelf="flex-start" data-testid="pretour-open">
            {t('pretour.open')}
          </Button>
          {opened && (
            <Text role="status" data-testid="pretour-opened">
              {t('pretour.opened')}{' '}
              <Link href={opened} target="_blank" rel="noopener" color="brand.fg">
                {t('pretour.openAgain')}
              </Link>
            </Text>
          )}
        </Stack>
      </form>
    </Box>
  );
}
