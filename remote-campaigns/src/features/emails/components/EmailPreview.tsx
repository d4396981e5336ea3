import { useEffect, useState } from 'react';
import { Monitor, Moon, Smartphone, Sun } from 'lucide-react';
import { emailBodySchema, type EmailDocumentInput, type EmailRendered } from 'contracts';
import { Box, HStack, IconButton, Stack, Text, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { usePreviewEmail } from '../api/preview-email';

/** The widths a recipient reads at: a desktop mail client's reading pane, and a phone. */
const WIDTHS = { desktop: 600, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The e-mail as recipients get it: the server renders the document (MJML, the same code that sends
 * it) with every placeholder's fallback, shown in a sandboxed frame at desktop or phone width, in
 * a light or dark mailbox (the frame's colour scheme, which the e-mail's dark-mode rules follow).
 */
export function EmailPreview({ email }: { email: EmailDocumentInput }) {
  const { t } = useTranslation('campaigns');
  const [width, setWidth] = useState<Width>('desktop');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [rendered, setRendered] = useState<EmailRendered | null>(null);
  const { mutateAsync } = usePreviewEmail();
  const key = JSON.stringify(email);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      // Only what would be sent: a half-typed document that the contract refuses keeps the last preview.
      const parsed = emailBodySchema.safeParse(email);
      if (!parsed.success) return;
      mutateAsync({ body: parsed.data })
        .then((answer) => live && setRendered(answer.data))
        .catch(() => undefined);
    }, 350);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  return (
    <Stack gap="2" data-testid="email-preview" data-width={width} data-theme={theme}>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold" fontSize="sm">
          {t('preview.title')}
        </Text>
        <HStack gap="2">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <IconButton
              key={w}
              size="xs"
              variant={w === width ? 'solid' : 'outline'}
              aria-pressed={w === width}
              aria-label={t(`emails.preview.${w}`)}
              title={t(`emails.preview.${w}`)}
              onClick={() => setWidth(w)}
              data-testid={`preview-width-${w}`}
            >
              {w === 'desktop' ? <Monitor /> : <Smartphone />}
            </IconButton>
          ))}
          <IconButton
            size="xs"
            variant="outline"
            aria-label={t('preview.theme', { theme: t(`preview.themes.${nextTheme}`) })}
            title={t('preview.theme', { theme: t(`preview.themes.${nextTheme}`) })}
            onClick={() => setTheme(nextTheme)}
            data-testid="preview-theme"
          >
            {theme === 'dark' ? <Sun /> : <Moon />}
          </IconButton>
        </HStack>
      </HStack>
      <Box borderWidth="1px" borderRadius="lg" overflow="auto" bg={theme === 'dark' ? '#111' : '#f4f4f5'} p="3">
        <Stack gap="1" mb="2" fontSize="sm" color={theme === 'dark' ? '#eee' : '#222'} data-testid="preview-envelope">
          <Text data-testid="preview-from" dir="ltr">
            {rendered?.from ?? ''}
          </Text>
          <Text fontWeight="semibold" data-testid="preview-subject">
            {rendered?.subject ?? ''}
          </Text>
          <Text color={theme === 'dark' ? '#aaa' : '#666'}>{email.preheader}</Text>
        </Stack>
        <chakra.iframe
          title={t('emails.preview.frame')}
          // Nothing in the e-mail runs: no scripts, no navigation from the frame.
          sandbox=""
          srcDoc={rendered?.html ?? ''}
          width={`${WIDTHS[width]}px`}
          maxW="full"
          h="560px"
          mx="auto"
          display="block"
          bg={theme === 'dark' ? '#1f1f1f' : '#fff'}
          style={{ colorScheme: theme }}
          data-testid="preview-frame"
        />
      </Box>
    </Stack>
  );
}
