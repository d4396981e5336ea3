import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { CircleCheck, CircleX, SearchCheck } from 'lucide-react';
import { Alert, Badge, Box, Button, Code, FormField, HStack, Input, List, SelectField, SimpleGrid, Stack, Text } from 'shared-ui';
import { Combobox, createListCollection } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { LifecyclePanel } from './LifecyclePanel';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import type { ExplainResponse, ExplainStep } from 'contracts';
import type { ExplainCall } from './api/lifecycle-calls';
import { useExplainContent } from './api/explain-content';
import { useSearchPeople, type ClientMember } from './api/search-people';

/** How long typing pauses before the people search runs. */
const SEARCH_DELAY_MS = 250;

const personLabel = (m: ClientMember) => (m.username ? `${m.username} (${m.memberId})` : m.memberId);

/**
 * "Check a visitor": why this item shows, or not, to one person or visitor on one page. The server
 * runs the content call's own decision and answers each check with what it read; the panel only
 * shows those steps. A person is found by name, e-mail or external id (the people search); someone
 * who may not search people can still give a visitor id.
 */
export function CheckVisitorPanel({ explainCall, id }: { explainCall: ExplainCall; id: string }) {
  const { t } = useTranslation('common');
  const canSearchPeople = useCan('get', 'members');
  const [who, setWho] = useState<'person' | 'visitor'>(canSearchPeople ? 'person' : 'visitor');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [person, setPerson] = useState<ClientMember | null>(null);
  const [visitorId, setVisitorId] = useState('');
  const [url, setUrl] = useState('');
  const [device, setDevice] = useState<'web' | 'mobile'>('web');
  const [missing, setMissing] = useState(false);
  const explain = useExplainContent(explainCall);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const people = useSearchPeople(search, canSearchPeople && who === 'person');
  const collection = useMemo(() => createListCollection({ items: people.data ?? [], itemToValue: (m) => m._id, itemToString: personLabel }), [people.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const subject = who === 'person' ? (person ? { personId: person.memberId } : null) : visitorId.trim() ? { visitorId: visitorId.trim() } : null;
    setMissing(!subject);
    if (!subject) return;
    explain.mutate({ params: { id }, body: { ...subject, url: url.trim(), device } });
  };

  return (
    <LifecyclePanel testId="check-visitor" icon={<SearchCheck size={16} aria-hidden />} title={t('explain.title')} headingMb="1">
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('explain.intro')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {canSearchPeople && (
              <SelectField
                label={t('explain.who')}
                value={who}
                onChange={(e) => setWho(e.target.value as 'person' | 'visitor')}
                options={[
                  { value: 'person', label: t('explain.whoPerson') },
                  { value: 'visitor', label: t('explain.whoVisitor') },
                ]}
                testId="check-visitor-who"
              />
            )}
            <SelectField
              label={t('explain.device')}
              value={device}
              onChange={(e) => setDevice(e.target.value as 'web' | 'mobile')}
              options={[
                { value: 'web', label: t('explain.deviceWeb') },
                { value: 'mobile', label: t('explain.deviceMobile') },
              ]}
              testId="check-visitor-device"
            />
          </SimpleGrid>
          {who === 'person' ? (
            <Combobox.Root
              collection={collection}
              inputValue={input}
              onInputValueChange={(e) => {
                setInput(e.inputValue);
                if (person && e.inputValue !== personLabel(person)) setPerson(null);
              }}
              onValueChange={(e) => {
                const chosen = (e.items[0] as ClientMember | undefined) ?? null;
                setPerson(chosen);
                if (chosen) setInput(personLabel(chosen));
              }}
              inputBehavior="autohighlight"
              openOnClick
              invalid={missing && !person}
              data-testid="check-visitor-person"
            >
              <Combobox.Label>{t('explain.person')}</Combobox.Label>
              <Combobox.Control>
                <Combobox.Input placeholder={t('explain.personPlaceholder')} data-testid="check-visitor-person-input" />
                <Combobox.IndicatorGroup>
                  <Combobox.ClearTrigger aria-label={t('explain.personClear')} />
                  <Combobox.Trigger aria-label={t('explain.personOpen')} />
                </Combobox.IndicatorGroup>
              </Combobox.Control>
              <Combobox.Positioner>
                <Combobox.Content data-testid="check-visitor-people">
                  <Combobox.Empty>{people.isFetching ? t('explain.searching') : t('explain.noPeople')}</Combobox.Empty>
                  {collection.items.map((m) => (
                    <Combobox.Item item={m} key={m._id} data-testid={`check-visitor-person-${m.memberId}`}>
                      <Combobox.ItemText>{personLabel(m)}</Combobox.ItemText>
                      <Combobox.ItemIndicator />
                    </Combobox.Item>
                  ))}
                </Combobox.Content>
              </Combobox.Positioner>
              {missing && !person && (
                <Text fontSize="sm" color="fg.error" role="alert">
                  {t('explain.personRequired')}
                </Text>
              )}
            </Combobox.Root>
          ) : (
            <FormField label={t('explain.visitorId')} error={missing && !visitorId.trim() ? t('explain.visitorIdRequired') : undefined} required>
              <Input value={visitorId} onChange={(e) => setVisitorId(e.target.value)} dir="ltr" autoComplete="off" data-testid="check-visitor-visitor-id" />
            </FormField>
          )}
          <FormField label={t('explain.url')} helper={t('explain.urlHelp')} required>
            <Input
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              dir="ltr"
              placeholder="https://"
              data-testid="check-visitor-url"
            />
          </FormField>
          <HStack>
            <Button type="submit" loading={explain.isPending} data-testid="check-visitor-submit">
              {t('explain.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
      {explain.isError && (
        <Alert.Root status="error" mt="4" data-testid="check-visitor-error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(explain.error, t('explain.failed'))}</Alert.Title>
        </Alert.Root>
      )}
      {explain.data && !explain.isPending && <Explanation answer={explain.data.data} />}
    </LifecyclePanel>
  );
}

/** The server's answer: whether it would show now, then each check in order. */
function Explanation({ answer }: { answer: ExplainResponse['data'] }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="3" mt="4" data-testid="check-visitor-result" aria-live="polite">
      <Alert.Root status={answer.wouldShow ? 'success' : 'warning'} data-testid="check-visitor-verdict" data-would-show={answer.wouldShow}>
        <Alert.Indicator />
        <Stack gap="0">
          <Alert.Title>{answer.wouldShow ? t('explain.wouldShow') : t('explain.wouldNotShow')}</Alert.Title>
          <Alert.Description>{answer.visitorId ? t('explain.asVisitor', { visitorId: answer.visitorId }) : t('explain.noVisitor')}</Alert.Description>
        </Stack>
      </Alert.Root>
      <List.Root as="ol" listStyle="none" gap="2" ms="0">
        {answer.steps.map((step) => (
          <StepRow key={step.check} step={step} />
        ))}
      </List.Root>
    </Stack>
  );
}

function StepRow({ step }: { step: ExplainStep }) {
  const { t } = useTranslation('common');
  return (
    <List.Item data-testid={`check-visitor-step-${step.check}`} data-ok={step.ok} borderWidth="1px" borderRadius="sm" p="2">
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          {step.ok ? (
            <CircleCheck size={16} color="var(--chakra-colors-green-600)" aria-hidden />
          ) : (
            <CircleX size={16} color="var(--chakra-colors-red-600)" aria-hidden />
          )}
          <Text fontWeight="medium">{t(`explain.checks.${step.check}`)}</Text>
          <Badge colorPalette={step.ok ? 'green' : 'red'}>{step.ok ? t('explain.passed') : t('explain.failedCheck')}</Badge>
        </HStack>
        <Text fontSize="sm">{step.message}</Text>
        {step.details && <Details details={step.details} />}
      </Stack>
    </List.Item>
  );
}

/** What a check read, in words: plain values as text, lists one item a line, attribute values one per line. */
function Details({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation('common');
  const entries = Object.entries(details)
    .map(([key, value]) => [key, key === 'requirements' ? targetsOf(value, t('explain.passed'), t('explain.failedCheck')) : value] as const)
    .filter(([, value]) => !(Array.isArray(value) && value.length === 0));
  if (entries.length === 0) return null;
  return (
    <Box as="dl" fontSize="xs" color="fg.muted" display="grid" gridTemplateColumns="max-content minmax(0, 1fr)" columnGap="3" rowGap="1">
      {entries.map(([key, value]) => (
        <Box key={key} display="contents">
          <Box as="dt" fontWeight="medium">
            {t(`explain.details.${key}`, { defaultValue: key })}
          </Box>
          <Box as="dd" m="0" overflowWrap="anywhere" data-testid={`check-visitor-detail-${key}`}>
            <Value value={value} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The groups and saved audiences an item targets, each by name with whether the person is in it; the
 * conditions of a dynamic audience are worded by the server (`conditions`), so they are left out here.
 */
function targetsOf(value: unknown, passed: string, failed: string): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((requirement: { anyOf?: { type?: string; name?: string | null; id?: string; met?: boolean }[] }) =>
    (requirement.anyOf ?? []).filter((a) => a.type !== 'conditions').map((a) => `${a.name ?? a.id ?? ''}: ${a.met ? passed : failed}`),
  );
}

/** One line of a list: a sentence as it is, an item by its title. */
const lineOf = (v: unknown): string =>
  v !== null && typeof v === 'object' && 'title' in v ? String((v as { title: unknown }).title) : typeof v === 'object' ? JSON.stringify(v) : String(v);

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value !== 'object') return <span dir="auto">{String(value)}</span>;
  if (Array.isArray(value))
    return (
      <>
        {value.map((v, i) => (
          <Text as="span" display="block" key={i} dir="auto">
            {lineOf(v)}
          </Text>
        ))}
      </>
    );
  return (
    <>
      {Object.entries(value).map(([k, v]) => (
        <Text as="span" display="block" key={k} dir="auto">
          <Code fontSize="xs">{k}</Code> = {v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}
        </Text>
      ))}
    </>
  );
}
