import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Box, Button, Code, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * A block of code with a Copy button. Code reads left to right in every language; on a narrow screen
 * it scrolls sideways, so the block is focusable (a keyboard can scroll it) and named for screen readers.
 */
export function CopyableCode({ code, label, testId }: { code: string; label: string; testId: string }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack gap="2" minW="0">
      <Box dir="ltr" textAlign="left" overflowX="auto" bg="bg.muted" borderRadius="md" borderWidth="1px" p="3" tabIndex={0} role="region" aria-label={label}>
        <Code as="pre" data-testid={testId} bg="transparent" fontSize="xs" whiteSpace="pre">
          {code}
        </Code>
      </Box>
      <Stack direction="row" align="center" gap="3">
        <Button size="sm" variant="outline" onClick={copy} data-testid={`${testId}-copy`} alignSelf="flex-start">
          {copied === 'yes' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {t('installationGuide.copy')}
        </Button>
        <Text as="span" fontSize="sm" color={copied === 'failed' ? 'red.fg' : 'fg.muted'} role="status" data-testid={`${testId}-copied`}>
          {copied === 'yes' ? t('installationGuide.copied') : copied === 'failed' ? t('installationGuide.copyFailed') : ''}
        </Text>
      </Stack>
    </Stack>
  );
}
