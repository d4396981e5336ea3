import { useId, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { UPLOAD_DEFAULT_MAX_BYTES, UPLOAD_MIME_TYPES } from 'contracts';
import { Box, Button, HStack, Image, Text, toaster } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { uploadImage } from '../api/upload-image';

/**
 * An image chosen from the user's files, sent to POST /api/upload; the stored file's URL becomes the
 * value. Only a 201 answer is a success ('Image uploaded sucessfully', spelt as
 * the console has always spelt it); anything else is 'Failed to upload image' with the reason (the server's
 * message, translated by the API) and the value does not change. The browser refuses a file of another
 * type or over the size limit before sending it, and says which.
 */

const MEBIBYTE = 1024 * 1024;

/** Why the browser refuses `file` before sending it (the server's own checks), or null. */
export function uploadRefusal(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  // The server's limit is UPLOAD_MAX_BYTES, 2 MiB unless configured otherwise.
  if (file.size > UPLOAD_DEFAULT_MAX_BYTES) return 'size';
  return null;
}
export function ImageUploadField({
  value,
  onChange,
  label,
  testId = 'image-upload',
  disabled,
}: {
  value: string | undefined;
  onChange: (url: string) => void;
  label: string;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = uploadRefusal(file);
    if (refusal) {
      const description =
        refusal === 'type'
          ? t('upload.wrongType', { name: file.name })
          : t('upload.tooLarge', {
              name: file.name,
              size: format.number(file.size / MEBIBYTE, { maximumFractionDigits: 1 }),
              max: format.number(UPLOAD_DEFAULT_MAX_BYTES / MEBIBYTE),
            });
      toaster.create({ type: 'error', title: t('upload.failure'), description });
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadImage(file);
      onChange(stored.url);
      toaster.create({ type: 'success', title: t('upload.success') });
    } catch (error) {
      // The reason when there is one: the server's refusal, or 'Network Error'.
      const reason = errorMessage(error, '');
      toaster.create({ type: 'error', title: t('upload.failure'), description: reason || undefined });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <HStack gap="3" align="center" data-testid={testId}>
      <Box w="14" h="14" borderWidth="1px" borderRadius="md" overflow="hidden" flexShrink={0} bg="bg.muted">
        {value && <Image src={value} alt="" w="full" h="full" objectFit="cover" data-testid={`${testId}-thumbnail`} />}
      </Box>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        hidden
        aria-label={label}
        data-testid={`${testId}-input`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button size="sm" variant="outline" loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        <ImageUp size={14} aria-hidden />
        {value ? t('upload.replace') : t('upload.choose')}
      </Button>
      {value && (
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          disabled={disabled || busy}
          onClick={() => onChange('')}
          aria-label={t('upload.remove', { label })}
        >
          <Trash2 size={14} aria-hidden />
        </Button>
      )}
      {!value && (
        <Text fontSize="xs" color="fg.muted">
          {t('upload.hint')}
        </Text>
      )}
    </HStack>
  );
}
