import { useFieldArray, useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { CHECKLIST_NOTIFICATION_TYPES, LIMITS, checklistBodySchema, defaultChecklistTask } from 'contracts';
import { Box, Button, FormField, Grid, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { EditorSection as Section, Toggle } from 'shared-content';
import { EnumSelect } from '../../tours/components/EnumSelect';
import { AudienceFields, ItemEditor, useItemForm, type ItemFormProps } from '../../tours/components/ItemEditor';
import type { ChecklistFormValues } from '../checklist-document';
import type { ChecklistOptions } from '../checklist-options';
import { ChecklistPreview } from './ChecklistPreview';
import { TaskFields } from './TaskFields';

export type ChecklistFormProps = ItemFormProps<ChecklistFormValues, ChecklistOptions>;

/**
 * The checklist editor beside its preview: the checklist's texts and how it shows (badge or opened,
 * direction), its tasks (what each does and when it is done), the celebration, and who sees it (the
 * popups' targeting); validated with the contract's schema, the server's field messages on their fields.
 */
export function ChecklistForm({ defaultValues, submitLabel, onSubmit, onFailure, onCancel, options }: ChecklistFormProps) {
  const { t } = useTranslation('toursChecklists');
  const { form, submit, serverError, message } = useItemForm(checklistBodySchema, { defaultValues, onSubmit, onFailure });
  const { control, register, setValue } = form;
  const tasks = useFieldArray({ control, name: 'tasks', keyName: 'key' });
  const values = useWatch({ control }) as Partial<ChecklistFormValues>;

  return (
    <ItemEditor form={form} submit={submit} testId="checklist-form" submitLabel={submitLabel} onCancel={onCancel}>
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
              <Toggle<ChecklistFormValues> name="celebration.is_enabled" label={t('checklists.fields.celebrationEnabled')} testId="field-celebration-enabled" />
              <Toggle<ChecklistFormValues> name="celebration.show_effect" label={t('checklists.fields.celebrationEffect')} testId="field-celebration-effect" />
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
            <AudienceFields options={options} serverError={serverError} message={message} />
          </Section>
        </Stack>
        <Box position={{ xl: 'sticky' }} top="0">
          <ChecklistPreview checklist={values} />
        </Box>
      </Grid>
    </ItemEditor>
  );
}
