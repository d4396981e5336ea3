import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { BUBBLE_SPACE_TYPES, DEFAULT_BUBBLE_PADDING, MAX_BUBBLE_PADDING, defaultBubbleConfig, type BubbleConfig, type BubbleSpaceType } from 'contracts';
import { Button, Card, Checkbox, FormField, Grid, Heading, HStack, Input, PageHeader, SelectField, Stack, Text, toaster, useMessageText } from 'shared-ui';
import { QueryContent } from '../../components/query-content';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan, useSession } from 'shared-auth';
import type { Language } from 'website-script/texts';
import { useBubble } from './api/get-bubble';
import { useUpdateBubble } from './api/update-bubble';
import { MessengerPreview } from './MessengerPreview';

interface SpaceRow {
  type: BubbleSpaceType;
  shown: boolean;
  label: string;
  navigation_label: string;
  badge: boolean;
}
interface Form {
  show_launcher: boolean;
  alignment: 'left' | 'right';
  color: string;
  horizontal_padding: number;
  vertical_padding: number;
  launcher_logo_url: string;
  open_to: BubbleSpaceType;
  spaces: SpaceRow[];
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const rgb = (value: string): [number, number, number] => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [0, 0, 0];
};

function toForm(c: BubbleConfig): Form {
  const ls = c.launcher_settings;
  return {
    show_launcher: ls.show_launcher,
    alignment: ls.alignment,
    color: hex(ls.color),
    horizontal_padding: ls.horizontal_padding,
    vertical_padding: ls.vertical_padding,
    launcher_logo_url: ls.launcher_logo_url,
    open_to: c.open_config.open_to,
    // Every kind of space, in the saved order first; the ones left out are offered unticked.
    spaces: [
      ...c.open_config.spaces.map((s) => ({ ...s, shown: true })),
      ...BUBBLE_SPACE_TYPES.filter((t) => !c.open_config.spaces.some((s) => s.type === t)).map((type) => ({
        type,
        shown: false,
        label: '',
        navigation_label: '',
        badge: true,
      })),
    ],
  };
}

function toConfig(f: Form): BubbleConfig {
  const num = (n: number) => (Number.isFinite(n) ? n : DEFAULT_BUBBLE_PADDING);
  return {
    launcher_settings: {
      show_launcher: f.show_launcher,
      alignment: f.alignment,
      color: rgb(f.color),
      horizontal_padding: num(f.horizontal_padding),
      vertical_padding: num(f.vertical_padding),
      launcher_logo_url: f.launcher_logo_url.trim(),
    },
    open_config: {
      open_to: f.open_to,
      spaces: f.spaces.filter((s) => s.shown).map(({ type, label, navigation_label, badge }) => ({ type, label, navigation_label, badge })),
    },
  };
}

/** The form field an error of the API names (`launcher_settings.color.0` → `color`). */
function fieldOf(path: string): keyof Form | null {
  const [group, name] = path.split('.');
  if (group === 'launcher_settings' && name) return name as keyof Form;
  if (group === 'open_config' && (name === 'open_to' || name === 'spaces')) return name;
  return null;
}

/**
 * /settings/messenger (no permission to see it; saving needs create_websites, as the
 * API): the active website's messenger — its launcher (shown or not, side, paddings, colour, logo) and
 * window (the space it opens on, the spaces with their labels and badges) — beside a live preview
 * drawn by the website script's own messenger code, in a light or dark page, in either direction.
 */
export default function MessengerSettingsScreen() {
  const { t, i18n } = useTranslation('settings');
  const messageText = useMessageText();
  const websiteId = useSession().activeWebsite?._id;
  const canSave = useCan('create', 'websites');
  const bubble = useBubble(!!websiteId);
  const update = useUpdateBubble();
  const [dark, setDark] = useState(false);
  const [rtl, setRtl] = useState(i18n.language === 'ar');
  const { register, control, handleSubmit, reset, watch, setError, formState } = useForm<Form>({ defaultValues: toForm(defaultBubbleConfig()) });
  const { fields } = useFieldArray({ control, name: 'spaces' });
  useEffect(() => {
    if (bubble.data) reset(toForm(bubble.data));
  }, [bubble.data, reset]);
  const values = watch();
  const config = useMemo(() => toConfig(values), [JSON.stringify(values)]); // eslint-disable-line react-hooks/exhaustive-deps
  const lang: Language = rtl ? 'ar' : i18n.language === 'fr' ? 'fr' : 'en';

  const onSubmit = handleSubmit(async (form) => {
    try {
      const saved = await update.mutateAsync({ body: toConfig(form) });
      toaster.create({ type: 'success', title: saved.message });
    } catch (error) {
      const errors = (error as { response?: { data?: { errors?: Record<string, string> } } }).response?.data?.errors ?? {};
      for (const [path, message] of Object.entries(errors)) {
        const field = fieldOf(path);
        if (field) setError(field, { type: 'server', message });
      }
      toaster.create({ type: 'error', title: errorMessage(error, t('messenger.saveFailed')) });
    }
  });

  const spaceName = (type: BubbleSpaceType) => t(`messenger.space.${type}`);
  return (
    <>
      <PageHeader title={t('messenger.title')} description={t('messenger.description')} />
      <QueryContent query={bubble} errorFallback={t('messenger.loadFailed')} skeletonHeight="48">
        {() => (
          <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
            <Card.Root>
              <Card.Body>
                <form onSubmit={onSubmit} noValidate data-testid="messenger-form">
                  <fieldset disabled={!canSave} style={{ border: 0, padding: 0, margin: 0 }}>
                    <Stack gap="5">
                      <Heading size="sm" as="h2">
                        {t('messenger.launcher')}
                      </Heading>
                      <Controller
                        control={control}
                        name="show_launcher"
                        render={({ field }) => (
                          <Checkbox.Root
                            checked={field.value}
                            onCheckedChange={(e) => field.onChange(e.checked === true)}
                            disabled={!canSave}
                            data-testid="messenger-show-launcher"
                          >
                            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                            <Checkbox.Control />
                            <Checkbox.Label>{t('messenger.showLauncher')}</Checkbox.Label>
                          </Checkbox.Root>
                        )}
                      />
                      <Text fontSize="sm" color="fg.muted">
                        {t('messenger.showLauncherHelp')}
                      </Text>
                      <SelectField
                        label={t('messenger.alignment')}
                        error={formState.errors.alignment?.message}
                        options={[
                          { value: 'right', label: t('messenger.right') },
                          { value: 'left', label: t('messenger.left') },
                        ]}
                        {...register('alignment')}
                        testId="messenger-alignment"
                      />
                      <FormField label={t('messenger.color')} error={formState.errors.color?.message}>
                        <Input type="color" w="24" p="1" {...register('color')} data-testid="messenger-color" />
                      </FormField>
                      <HStack gap="4" align="start">
                        <FormField
                          label={t('messenger.horizontalPadding')}
                          error={formState.errors.horizontal_padding?.message}
                          helper={t('messenger.paddingHelp', { default: DEFAULT_BUBBLE_PADDING, max: MAX_BUBBLE_PADDING })}
                        >
                          <Input
                            type="number"
                            min={0}
                            max={MAX_BUBBLE_PADDING}
                            {...register('horizontal_padding', { valueAsNumber: true })}
                            data-testid="messenger-horizontal-padding"
                          />
                        </FormField>
                        <FormField label={t('messenger.verticalPadding')} error={formState.errors.vertical_padding?.message}>
                          <Input
                            type="number"
                            min={0}
                            max={MAX_BUBBLE_PADDING}
                            {...register('vertical_padding', { valueAsNumber: true })}
                            data-testid="messenger-vertical-padding"
                          />
                        </FormField>
                      </HStack>
                      <FormField label={t('messenger.logoUrl')} error={formState.errors.launcher_logo_url?.message} helper={t('messenger.logoUrlHelp')}>
                        <Input type="url" {...register('launcher_logo_url')} data-testid="messenger-logo" />
                      </FormField>

                      <Heading size="sm" as="h2">
                        {t('messenger.window')}
                      </Heading>
                      <SelectField
                        label={t('messenger.openTo')}
                        error={formState.errors.open_to?.message}
                        options={BUBBLE_SPACE_TYPES.map((type) => ({ value: type, label: spaceName(type) }))}
                        {...register('open_to')}
                        testId="messenger-open-to"
                      />
                      {formState.errors.spaces?.message ? (
                        <Text color="fg.error" fontSize="sm" role="alert">
                          {messageText(formState.errors.spaces.message)}
                        </Text>
                      ) : null}
                      {fields.map((space, i) => (
                        <Stack key={space.id} gap="2" borderWidth="1px" borderRadius="md" p="3" role="group" aria-label={spaceName(space.type)}>
                          <HStack justify="space-between">
                            <Controller
                              control={control}
                              name={`spaces.${i}.shown`}
                              render={({ field }) => (
                                <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} disabled={!canSave}>
                                  <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                                  <Checkbox.Control />
                                  <Checkbox.Label fontWeight="semibold">{spaceName(space.type)}</Checkbox.Label>
                                </Checkbox.Root>
                              )}
                            />
                            <Controller
                              control={control}
                              name={`spaces.${i}.badge`}
                              render={({ field }) => (
                                <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} disabled={!canSave}>
                                  <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                                  <Checkbox.Control />
                                  <Checkbox.Label>{t('messenger.badge')}</Checkbox.Label>
                                </Checkbox.Root>
                              )}
                            />
                          </HStack>
                          {space.type === 'tasks' ? (
                            <Text fontSize="sm" color="fg.muted">
                              {t('messenger.tasksHelp')}
                            </Text>
                          ) : null}
                          <HStack gap="3">
                            <FormField label={t('messenger.label')}>
                              <Input {...register(`spaces.${i}.label`)} placeholder={spaceName(space.type)} />
                            </FormField>
                            <FormField label={t('messenger.navigationLabel')}>
                              <Input {...register(`spaces.${i}.navigation_label`)} placeholder={spaceName(space.type)} />
                            </FormField>
                          </HStack>
                        </Stack>
                      ))}
                      {canSave ? (
                        <Button type="submit" colorPalette="brand" alignSelf="start" loading={formState.isSubmitting} data-testid="messenger-save">
                          {t('messenger.save')}
                        </Button>
                      ) : (
                        <Text fontSize="sm">{t('messenger.readOnly')}</Text>
                      )}
                    </Stack>
                  </fieldset>
                </form>
              </Card.Body>
            </Card.Root>
            <Stack gap="3" position={{ xl: 'sticky' }} top="0">
              <HStack gap="4" wrap="wrap">
                <Checkbox.Root checked={dark} onCheckedChange={(e) => setDark(e.checked === true)} data-testid="messenger-preview-dark">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('messenger.previewDark')}</Checkbox.Label>
                </Checkbox.Root>
                <Checkbox.Root checked={rtl} onCheckedChange={(e) => setRtl(e.checked === true)} data-testid="messenger-preview-rtl">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('messenger.previewRtl')}</Checkbox.Label>
                </Checkbox.Root>
              </HStack>
              <MessengerPreview config={config} dark={dark} dir={rtl ? 'rtl' : 'ltr'} lang={lang} label={t('messenger.preview')} />
            </Stack>
          </Grid>
        )}
      </QueryContent>
    </>
  );
}
