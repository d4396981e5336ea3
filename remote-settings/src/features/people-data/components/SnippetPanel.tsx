import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Check, Copy } from 'lucide-react';
import { Alert, Box, Button, CloseButton, HStack, Link, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { AttributeRow } from '../api/list-attributes';
import { identifySnippet } from '../snippet';

/**
 * After an attribute is created: the message telling the user to start sending it from their
 * code, with the snippet to paste and a link to the installation guide (the page needs the website
 * script first). Code is always left-to-right, also in Arabic.
 */
export function SnippetPanel({ attribute, onClose }: { attribute: AttributeRow; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  const code = identifySnippet([attribute]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Alert.Root status="success" mb="4" alignItems="flex-start" data-testid="attribute-snippet">
      <Alert.Indicator />
      <Stack gap="3" flex="1" minW="0">
        <Alert.Title>{t('peopleData.createdTitle', { name: attribute.name })}</Alert.Title>
        <Alert.Description>{t('peopleData.createdMessage')}</Alert.Description>
        <Box position="relative" bg="bg.muted" borderRadius="md" borderWidth="1px" p="3" dir="ltr">
          <Text as="pre" fontFamily="mono" fontSize="sm" whiteSpace="pre" overflowX="auto" textAlign="left" data-testid="attribute-snippet-code">
            <code>{code}</code>
          </Text>
        </Box>
        <HStack>
          <Button size="sm" variant="outline" onClick={copy} data-testid="attribute-snippet-copy">
            {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
            {copied ? t('peopleData.copied') : t('peopleData.copy')}
          </Button>
          {/* The page must load the website script first: the guide has its snippet for this website. */}
          <Link asChild fontSize="sm" data-testid="attribute-snippet-guide">
            <RouterLink to="/installation-guide">{t('peopleData.installGuide')}</RouterLink>
          </Link>
        </HStack>
      </Stack>
      <CloseButton size="sm" onClick={onClose} aria-label={t('actions.close', { ns: 'common' })} />
    </Alert.Root>
  );
}
