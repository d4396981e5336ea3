import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { CHECKLIST_NOTIFICATION_TYPES, LIMITS, checklistBodySchema, defaultChecklistTask, type ChecklistBody } from 'contracts';
import { Box, Button, Card, FormField, Grid, HStack, Heading, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea, applyServerFieldErrors } from 'shared-ui';
import { UnsavedChangesGuard } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { fieldErrors } from 'shared-data';
import { TargetingFields } from 'shared-content';
import { useFieldMessage } from '../../tours/field-messages';
import { EnumSelect, IdSelect, Toggle } from '../../tours/components/fields';
import type { ChecklistFormValues } from '../checklist-document';
import type { ChecklistOptions } from '../checklist-options';
import { ChecklistPreview } from './ChecklistPreview';
import { TaskFields } from './TaskFields';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

export interface ChecklistFormProps {
  defaultValues: ChecklistFormValues;
  submitLabel: string;
  onSubmit: (body: ChecklistBody) => Promise<unknown>;
  onFailure: (error: unknown) => void;
  onCancel: () => void;
  options: ChecklistOptions;
}

/**
 * The checklist editor beside its preview: the checklist's texts and how it shows (badge or opened,
 * direction), its tasks (what each does and when it is done), the celebration, and who sees it (the
 * popups' targeting); validated with the contract's schema, the server's field messages on their fields.
 */
export function ChecklistForm({ defaultValues, submitLabel, onSubmit, onFailure, onCancel, options }: ChecklistFormProps) {
  const { t } = useTranslation('toursChecklists');
  const { t: tc } = useTranslation('common');
  const form = useForm<ChecklistFormValues, unknown, ChecklistBody>({ resolver: zodResolver(checklistBodySchema) as never, defaultValues });
  const { control, register, formState, setValue } = form;
  const tasks = useFieldArray({ control, name: 'tasks', keyName: 'key' });
  const [serverError, setServerError] = useState<unknown>(null);
  const message = useFieldMessage(formState.errors);
  const values = useWatch({ control }) as Partial<ChecklistFormValues>;

  const submit = form.handleSubmit(async (body) => {
    setServerError(null);
    try {
      await onSubmit(body);
    } catch (error) {
      setServerError(error);
      applyServerFieldErrors(error, form.setError, Object.keys(fieldErrors(error)) as Path<ChecklistFormValues>[]);
      onFailure(error);
    }
  });

  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={formState.isDirty && !formState.isSubmitting} />
      <form onSubmit={submit} noValidate data-testid="checklist-form">
        <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
          <Stack gap="5">
            <Section title={t('checklists.sections.checklist')} testId="section-checklist">
              <FormField label={t('checklists.fields.title')} error={message('title')} required>
                <Input {...register('title')} maxLength={LIMITS.titleMax} autoComplete="off" data-testid="field-title" />
              </FormField>
              <FormField label={t('checklists.fields.subTitle')} error={message('subTitle')}>
                <Input {...register('subTitle')} maxLength={LIMITS.shortTitleMax} data-testid="field-subtitle" />
              </FormField>
              <FormField label={t('checklists.fields.description')} error={message('description')}>
                <Textarea {...register('description')} rows={2} data-testid="field-description" />
              </FormField>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <EnumSelect<ChecklistFormValues>
                  name="notification_type"
                  values={CHECKLIST_NOTIFICATION_TYPES}
                  label={t('checklists.fields.notificationType')}
                  table="notificationType"
                  testId="field-notification-type"
                />
                <FormField label={t('checklists.fields.direction')}>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={values.direction ?? ''}
                      onChange={(e) => setValue('direction', (e.target.value || null) as ChecklistFormValues['direction'], { shouldDirty: true })}
                      data-testid="field-direction"
                    >
                      <option value="">{t('values.direction.page')}</option>
                      <option value="ltr">{t('values.direction.ltr')}</option>
                      <option value="rtl">{t('values.direction.rtl')}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </SimpleGrid>
              <Toggle<ChecklistFormValues> name="show_sender" label={t('checklists.fields.showSender')} testId="field-show-sender" />
            </Section>
            <Section title={t('checklists.sections.tasks')} testId="section-tasks">
              {tasks.fields.map((f, i) => (
                <TaskFields key={f.key} index={i} options={options} onRemove={() => tasks.remove(i)} canRemove={tasks.fields.length > 1} />
              ))}
              {message('tasks') && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {message('tasks')}
                </Text>
              )}
              <Button
                variant="outline"
                size="sm"
                alignSelf="start"
                onClick={() => tasks.append(defaultChecklistTask())}
                disabled={tasks.fields.length >= LIMITS.checklistTasksMax}
                data-testid="checklist-add-task"
              >
                <Plus size={14} aria-hidden />
                {t('checklists.tasks.add')}
              </Button>
            </Section>
            <Section title={t('checklists.sections.celebration')} testId="section-celebration">
              <HStack gap="6" wrap="wrap">
                <Toggle<ChecklistFormValues>
                  name="celebration.is_enabled"
                  label={t('checklists.fields.celebrationEnabled')}
                  testId="field-celebration-enabled"
                />
                <Toggle<ChecklistFormValues>
                  name="celebration.show_effect"
                  label={t('checklists.fields.celebrationEffect')}
                  testId="field-celebration-effect"
                />
              </HStack>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField label={t('checklists.fields.celebrationTitle')} error={message('celebration.title')}>
                  <Input {...register('celebration.title')} data-testid="field-celebration-title" />
                </FormField>
                <FormField label={t('checklists.fields.celebrationButton')} error={message('celebration.button_text')}>
                  <Input {...register('celebration.button_text')} data-testid="field-celebration-button" />
                </FormField>
              </SimpleGrid>
              <FormField label={t('checklists.fields.celebrationDescription')} error={message('celebration.description')}>
                <Textarea {...register('celebration.description')} rows={2} data-testid="field-celebration-description" />
              </FormField>
            </Section>
            <Section title={t('checklists.sections.audience')} testId="section-audience">
              <TargetingFields options={options} serverError={serverError} fieldMessage={message} />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <IdSelect<ChecklistFormValues>
                  name="tag"
                  label={t('tours.fields.tag')}
                  noneLabel={t('tours.fields.noTag')}
                  items={options.tags}
                  testId="field-tag"
                />
                <IdSelect<ChecklistFormValues>
                  name="workspace"
                  label={t('tours.fields.workspace')}
                  noneLabel={t('tours.fields.noWorkspace')}
                  items={options.workspaces}
                  testId="field-workspace"
                />
              </SimpleGrid>
            </Section>
          </Stack>
          <Box position={{ xl: 'sticky' }} top="0">
            <ChecklistPreview checklist={values} />
          </Box>
        </Grid>
        <HStack gap="3" mt="6">
          <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} data-testid="editor-submit">
            {submitLabel}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting} data-testid="editor-cancel">
            {tc('actions.cancel')}
          </Button>
        </HStack>
      </form>
    </FormProvider>
  );
}
