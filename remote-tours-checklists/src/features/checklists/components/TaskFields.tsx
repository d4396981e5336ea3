import { useFormContext, useWatch } from 'react-hook-form';
import { CHECKLIST_ACTION_TYPES, CHECKLIST_COMPLETION_TYPES, LIMITS } from 'contracts';
import { Button, FormField, HStack, Input, SimpleGrid, Stack, Textarea } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { IdSelect, useFieldMessage } from 'shared-content';
import { EnumSelect } from '../../tours/components/EnumSelect';
import type { ChecklistFormValues } from '../checklist-document';
import type { ChecklistOptions } from '../checklist-options';

/** One task: its texts and minutes, what its button does, and when it counts as done. */
export function TaskFields({ index, options, onRemove, canRemove }: { index: number; options: ChecklistOptions; onRemove: () => void; canRemove: boolean }) {
  const { t } = useTranslation('toursChecklists');
  const { register, control, formState } = useFormContext<ChecklistFormValues>();
  const message = useFieldMessage(formState.errors);
  const base = `tasks.${index}` as const;
  const action = useWatch({ control, name: `${base}.action.type` }) ?? 'none';
  const completion = useWatch({ control, name: `${base}.completion.type` }) ?? 'manual';
  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid={`task-${index}`}
      role="group"
      aria-label={t('checklists.tasks.number', { number: index + 1 })}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField label={t('checklists.fields.taskTitle')} error={message(`${base}.title`)} required>
          <Input {...register(`${base}.title`)} maxLength={LIMITS.shortTitleMax} data-testid={`task-${index}-title`} />
        </FormField>
        <FormField label={t('checklists.fields.timing')} error={message(`${base}.timing`)}>
          <Input type="number" min={0} max={LIMITS.taskTimingMax} {...register(`${base}.timing`)} data-testid={`task-${index}-timing`} />
        </FormField>
      </SimpleGrid>
      <FormField label={t('checklists.fields.taskContent')} error={message(`${base}.content`)}>
        <Textarea {...register(`${base}.content`)} rows={2} data-testid={`task-${index}-content`} />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <EnumSelect<ChecklistFormValues>
          name={`${base}.action.type`}
          values={CHECKLIST_ACTION_TYPES}
          label={t('checklists.fields.action')}
          table="taskAction"
          testId={`task-${index}-action`}
        />
        {action === 'url' && (
          <FormField label={t('checklists.fields.actionUrl')} error={message(`${base}.action.url`)} required>
            <Input {...register(`${base}.action.url`)} dir="ltr" data-testid={`task-${index}-action-url`} />
          </FormField>
        )}
        {action === 'tour' && (
          <IdSelect<ChecklistFormValues>
            name={`${base}.action.tourId`}
            label={t('checklists.fields.tour')}
            noneLabel={t('checklists.fields.chooseTour')}
            items={options.tours}
            testId={`task-${index}-action-tour`}
          />
        )}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <EnumSelect<ChecklistFormValues>
          name={`${base}.completion.type`}
          values={CHECKLIST_COMPLETION_TYPES}
          label={t('checklists.fields.completion')}
          table="taskCompletion"
          testId={`task-${index}-completion`}
        />
        {completion === 'page' && (
          <FormField label={t('checklists.fields.page')} error={message(`${base}.completion.url`)} required helper={t('checklists.fields.pageHelp')}>
            <Input {...register(`${base}.completion.url`)} dir="ltr" data-testid={`task-${index}-page`} />
          </FormField>
        )}
        {completion === 'click' && (
          <FormField label={t('checklists.fields.selector')} error={message(`${base}.completion.selector`)} required>
            <Input {...register(`${base}.completion.selector`)} dir="ltr" data-testid={`task-${index}-selector`} />
          </FormField>
        )}
        {completion === 'event' && (
          <FormField label={t('checklists.fields.event')} error={message(`${base}.completion.name`)} required helper={t('checklists.fields.eventHelp')}>
            <Input {...register(`${base}.completion.name`)} dir="ltr" data-testid={`task-${index}-event`} />
          </FormField>
        )}
        {completion === 'tour' && (
          <IdSelect<ChecklistFormValues>
            name={`${base}.completion.tourId`}
            label={t('checklists.fields.tour')}
            noneLabel={t('checklists.fields.chooseTour')}
            items={options.tours}
            testId={`task-${index}-completion-tour`}
          />
        )}
      </SimpleGrid>
      {completion === 'attribute' && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('checklists.fields.attribute')} error={message(`${base}.completion.attribute`)} required>
            <Input {...register(`${base}.completion.attribute`)} dir="ltr" list="checklist-attributes" data-testid={`task-${index}-attribute`} />
          </FormField>
          <FormField label={t('checklists.fields.attributeValue')} error={message(`${base}.completion.value`)}>
            <Input {...register(`${base}.completion.value`)} data-testid={`task-${index}-attribute-value`} />
          </FormField>
          <datalist id="checklist-attributes">
            {options.attributes.map((a) => (
              <option key={a.name} value={a.name} />
            ))}
          </datalist>
        </SimpleGrid>
      )}
      <HStack justify="end">
        <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} disabled={!canRemove} data-testid={`task-${index}-remove`}>
          {t('checklists.tasks.remove')}
        </Button>
      </HStack>
    </Stack>
  );
}
