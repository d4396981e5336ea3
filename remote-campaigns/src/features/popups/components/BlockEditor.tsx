import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { QUESTION_TYPES, type PopupDocumentInput } from 'contracts';
import { Badge, Card, FormField, HStack, IconButton, Input, SelectField, SimpleGrid, Spacer, Stack, Text, Textarea, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { ColorField, useFieldMessage } from 'shared-content';
import { ImageUploadField } from '../../campaigns/components/ImageUploadField';

// react-hook-form's path type cannot follow an index into a union of block shapes; the block's kind,
// read first, says which of these fields exist at that path.
type BlockPath = `content.${number}.content.${number}`;
type AnyField = Parameters<ReturnType<typeof useFormContext<PopupDocumentInput>>['register']>[0];
const at = (base: BlockPath, field: string) => `${base}.${field}` as AnyField;

/**
 * One block of a page: its kind's fields (text and alignment; image upload and alternative text;
 * button label, action, address and colour; form question, type, options and whether required;
 * emoji reactions, which offer the popup's own emojis), with move up / down and remove (not the last block of a page).
 */
export function BlockEditor({
  page,
  index,
  count,
  onRemove,
  onMove,
  readOnly = false,
  path,
  buttonActions = ['link', 'next', 'close'],
}: {
  page: number;
  index: number;
  count: number;
  onRemove: () => void;
  onMove: (to: number) => void;
  /** The view screen: no move or remove buttons (a disabled red button still looks like an action). */
  readOnly?: boolean;
  /** Where the block is in the form when not in a popup's page (an e-mail's body: `content.{index}`). */
  path?: string;
  /** What a button may do (an e-mail's only opens its link). */
  buttonActions?: readonly string[];
}) {
  const { t } = useTranslation('campaigns');
  const { control, register, formState } = useFormContext<PopupDocumentInput>();
  const message = useFieldMessage(formState.errors);
  const base = (path ?? `content.${page}.content.${index}`) as BlockPath;
  const kind = useWatch({ control, name: at(base, 'kind') }) as string;
  const buttonAction = useWatch({ control, name: at(base, 'action') }) as string | undefined;
  const questionType = useWatch({ control, name: at(base, 'type') }) as string | undefined;
  const selectField = (field: string, values: readonly string[], labelKey: string, testId: string) => (
    <SelectField
      label={t(`blocks.fields.${labelKey}`)}
      error={message(at(base, field))}
      options={values.map((v) => ({ value: v, label: t(`blocks.${labelKey}Values.${v}`) }))}
      testId={testId}
      {...register(at(base, field))}
    />
  );
  return (
    <Card.Root variant="subtle" size="sm" data-testid={`block-${index + 1}`} data-kind={kind}>
      <Card.Body>
        <Stack gap="3">
          <HStack gap="1">
            <Badge variant="surface">{t(`blocks.kinds.${kind}`)}</Badge>
            <Spacer />
            {!readOnly && (
              <>
                <IconButton size="xs" variant="ghost" aria-label={t('blocks.moveUp')} disabled={index === 0} onClick={() => onMove(index - 1)}>
                  <ArrowUp />
                </IconButton>
                <IconButton size="xs" variant="ghost" aria-label={t('blocks.moveDown')} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
                  <ArrowDown />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('blocks.remove', { kind: t(`blocks.kinds.${kind}`) })}
                  title={count <= 1 ? t('blocks.lastBlock') : undefined}
                  disabled={count <= 1}
                  onClick={onRemove}
                  data-testid="block-remove"
                >
                  <Trash2 />
                </IconButton>
              </>
            )}
          </HStack>
          {kind === 'text' && (
            <>
              <FormField label={t('blocks.fields.text')} error={message(at(base, 'text'))}>
                <Textarea rows={3} {...register(at(base, 'text'))} data-testid="block-text" />
              </FormField>
              {selectField('align', ['start', 'center', 'end'], 'align', 'block-align')}
            </>
          )}
          {kind === 'image' && (
            <>
              <Controller
                control={control}
                name={at(base, 'url')}
                render={({ field }) => (
                  <FormField label={t('blocks.fields.image')} error={message(at(base, 'url'))} required>
                    <ImageUploadField value={field.value as string} onChange={field.onChange} label={t('blocks.fields.image')} testId="block-image" />
                  </FormField>
                )}
              />
              <FormField label={t('blocks.fields.alt')} error={message(at(base, 'alt'))}>
                <Input {...register(at(base, 'alt'))} />
              </FormField>
            </>
          )}
          {kind === 'button' && (
            <>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField label={t('blocks.fields.label')} error={message(at(base, 'label'))} required>
                  <Input {...register(at(base, 'label'))} data-testid="block-button-label" />
                </FormField>
                {selectField('action', buttonActions, 'action', 'block-button-action')}
              </SimpleGrid>
              {buttonAction === 'link' && (
                <FormField label={t('blocks.fields.url')} error={message(at(base, 'url'))}>
                  <Input dir="ltr" placeholder="https://" {...register(at(base, 'url'))} data-testid="block-button-url" />
                </FormField>
              )}
              <Controller
                control={control}
                name={at(base, 'color')}
                render={({ field }) => (
                  <FormField label={t('blocks.fields.color')} error={message(at(base, 'color'))}>
                    <ColorField value={field.value as string} onChange={field.onChange} label={t('blocks.fields.color')} />
                  </FormField>
                )}
              />
            </>
          )}
          {kind === 'question' && (
            <>
              <FormField label={t('blocks.fields.question')} error={message(at(base, 'question'))} required>
                <Input {...register(at(base, 'question'))} data-testid="block-question" />
              </FormField>
              {selectField('type', QUESTION_TYPES, 'type', 'block-question-type')}
              {questionType && questionType !== 'text' && (
                <Controller
                  control={control}
                  name={at(base, 'options')}
                  render={({ field }) => (
                    <FormField label={t('blocks.fields.options')} helper={t('blocks.optionsHelp')} error={message(at(base, 'options'))}>
                      <Textarea
                        rows={3}
                        defaultValue={((field.value as string[] | undefined) ?? []).join('\n')}
                        onChange={(e) => field.onChange(e.target.value.split('\n').filter((line, i, all) => line.trim() !== '' || i === all.length - 1))}
                        onBlur={(e) =>
                          field.onChange(
                            e.target.value
                              .split('\n')
                              .map((l) => l.trim())
                              .filter(Boolean),
                          )
                        }
                        data-testid="block-question-options"
                      />
                    </FormField>
                  )}
                />
              )}
              <Controller
                control={control}
                name={at(base, 'required')}
                render={({ field }) => (
                  <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm">
                    <chakra.input type="checkbox" accentColor="brand.solid" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
                    {t('blocks.fields.required')}
                  </chakra.label>
                )}
              />
            </>
          )}
          {kind === 'emojis' && <PopupEmojis />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * An emoji reactions block has no emoji control of its own: the popup's one list (Appearance) serves
 * the emoji reply and every such block, so the block says where they are chosen and shows them.
 */
function PopupEmojis() {
  const { t } = useTranslation('campaigns');
  const emojis = useWatch<PopupDocumentInput, 'emojis'>({ name: 'emojis' }) ?? [];
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="block-emojis">
      {t('blocks.emojisHelp')}{' '}
      <chakra.span fontSize="lg" color="fg" whiteSpace="nowrap">
        {emojis.join(' ')}
      </chakra.span>
    </Text>
  );
}
