import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_BLOCK_KINDS, EMAIL_LANGUAGES, emailDocumentSchema, type EmailAudienceBody, type EmailDocument, type EmailDocumentInput } from 'contracts';
import { Button, Flex, FormField, Input, SelectField, SimpleGrid, Stack, Text } from 'shared-ui';
import { EditorSection, useFieldMessage } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../../campaigns/use-campaign-options';
import { OrganisationSection, TargetingSection } from '../../campaigns/components/CampaignSections';
import { EditorForm, type CampaignFormProps } from '../../campaigns/components/EditorForm';
import { BlockEditor } from '../../popups/components/BlockEditor';
import { useCountEmailRecipients } from '../api/count-email-recipients';
import { newEmailBlock } from '../email-document';
import { EmailPreview } from './EmailPreview';

export type EmailFormProps = CampaignFormProps<EmailDocumentInput, EmailDocument>;

/**
 * The e-mail editor: sender name, subject, preheader and language; a body of the popups' blocks
 * (text, image, button) with `{{field|fallback}}` placeholders; targeting among identified people
 * with an address (and how many that is now); organisation; beside the rendered preview.
 */
export function EmailForm(props: EmailFormProps) {
  return (
    <EditorForm<EmailDocumentInput, EmailDocument>
      {...props}
      resolver={zodResolver(emailDocumentSchema)}
      testId="email-form"
      preview={(values) => <EmailPreview email={values} />}
    >
      {(_form, serverError) => <EmailSections serverError={serverError} options={props.options} readOnly={props.mode === 'view'} />}
    </EditorForm>
  );
}

function BodyEditor({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('campaigns');
  const { control } = useFormContext<EmailDocumentInput>();
  const blocks = useFieldArray({ control, name: 'content', keyName: 'key' });
  return (
    <Stack gap="3">
      {blocks.fields.map((field, index) => (
        <BlockEditor
          key={field.key}
          page={0}
          index={index}
          count={blocks.fields.length}
          path={`content.${index}`}
          buttonActions={['link']}
          onRemove={() => blocks.remove(index)}
          onMove={(to) => blocks.move(index, to)}
          readOnly={readOnly}
        />
      ))}
      {!readOnly && (
        <Flex gap="2" wrap="wrap" align="center" role="group" aria-label={t('blocks.add')}>
          <Text fontSize="sm">{t('blocks.add')}</Text>
          {EMAIL_BLOCK_KINDS.map((kind) => (
            <Button key={kind} size="xs" variant="outline" onClick={() => blocks.append(newEmailBlock(kind))} data-testid={`add-block-${kind}`}>
              {t(`blocks.kinds.${kind}`)}
            </Button>
          ))}
        </Flex>
      )}
    </Stack>
  );
}

/** How many people the targeting reaches now (identified, with an address, not unsubscribed), as the author changes it. */
function RecipientsCount() {
  const { t } = useTranslation('campaigns');
  const { control } = useFormContext<EmailDocumentInput>();
  const [target, groups, audiences, dynamicAudience] = useWatch({ control, name: ['target', 'groups', 'audiences', 'dynamicAudience'] });
  const { mutateAsync } = useCountEmailRecipients();
  // The count and the target it was counted for (the answer may lag behind the author's choices).
  const [count, setCount] = useState<{ n: number; target: string } | null>(null);
  const key = JSON.stringify([target, groups, audiences, dynamicAudience]);
  useEffect(() => {
    let live = true;
    // A short pause while the author is still typing an audience rule.
    const timer = setTimeout(() => {
      mutateAsync({ body: { target, groups, audiences, dynamicAudience } as EmailAudienceBody })
        .then((answer) => live && setCount({ n: answer.data.count, target: target ?? 'all' }))
        .catch(() => live && setCount(null));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <Text fontSize="sm" data-testid="email-recipients" data-count={count?.n ?? ''} data-target={count?.target ?? ''} aria-live="polite">
      {count === null ? t('emails.recipients.unknown') : t('emails.recipients.now', { count: count.n })}
    </Text>
  );
}

function EmailSections({ serverError, options, readOnly }: { serverError: unknown; options: CampaignOptions; readOnly: boolean }) {
  const { t } = useTranslation('campaigns');
  const form = useFormContext<EmailDocumentInput>();
  const message = useFieldMessage(form.formState.errors);
  return (
    <>
      <EditorSection title={t('emails.sections.message')} testId="section-message">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('emails.fields.senderName')} helper={t('emails.fields.senderHelp')} error={message('senderName')}>
            <Input {...form.register('senderName')} autoComplete="off" data-testid="field-sender-name" />
          </FormField>
          <SelectField
            label={t('emails.fields.language')}
            error={message('language')}
            options={EMAIL_LANGUAGES.map((v) => ({ value: v, label: t(`emails.languages.${v}`) }))}
            testId="field-language"
            {...form.register('language')}
          />
        </SimpleGrid>
        <FormField label={t('emails.fields.subject')} error={message('subject')} required>
          <Input {...form.register('subject')} autoComplete="off" data-testid="field-subject" />
        </FormField>
        <FormField label={t('emails.fields.preheader')} helper={t('emails.fields.preheaderHelp')} error={message('preheader')}>
          <Input {...form.register('preheader')} autoComplete="off" data-testid="field-preheader" />
        </FormField>
      </EditorSection>
      <EditorSection title={t('emails.sections.body')} testId="section-body">
        <Text fontSize="sm" color="fg.muted" data-testid="personalisation-help">
          {t('emails.personalisation', { example: '{{firstName|there}}', interpolation: { escapeValue: false } })}
        </Text>
        <BodyEditor readOnly={readOnly} />
      </EditorSection>
      <TargetingSection options={options} serverError={serverError} />
      <RecipientsCount />
      <OrganisationSection options={options} />
    </>
  );
}
