import { useEffect, useState } from 'react';
import { Check, Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { Box, Button, Code, Heading, Skeleton, Stack, Text, toaster } from 'shared-ui';
import { ConfirmDialog, Switch, Tabs } from 'shared-ui/overlays';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import { LIMITS } from 'contracts';
import { useIdentityVerification } from '../api/get-identity-verification';
import { useRotateIdentitySecret } from '../api/rotate-identity-secret';
import { useUpdateIdentityVerification } from '../api/update-identity-verification';
import { CopyableCode } from './CopyableCode';

/** Where the server code reads the secret from: an environment variable, never the page's code. */
export const SECRET_VARIABLE = 'SIGNPOST_IDENTITY_SECRET';

/**
 * The server code that makes `userHash` for the signed-in user on each page: the time it is made at
 * (unix seconds), a dot, and HMAC-SHA256(identity secret, "<time>.<the user's id>") in hex, per
 * language. The time is signed with the id, so a hash copied from a page stops working after
 * LIMITS.identityHashMaxAgeHours. The key is the secret as written (its characters, not hex-decoded),
 * as the API checks it. (A plain hex HMAC of the id, the earlier form, is still accepted.)
 */
export const SERVER_CODE = {
  node: [
    "import { createHmac } from 'node:crypto';",
    '',
    '// For the signed-in user, on your server, on each page: only the hash goes to the page.',
    'const issuedAt = Math.floor(Date.now() / 1000);',
    `const userHash = \`\${issuedAt}.\` + createHmac('sha256', process.env.${SECRET_VARIABLE})`,
    '  .update(`${issuedAt}.${user.id}`)',
    "  .digest('hex');",
  ].join('\n'),
  python: [
    'import hashlib, hmac, os, time',
    '',
    '# For the signed-in user, on your server, on each page: only the hash goes to the page.',
    'issued_at = int(time.time())',
    'user_hash = f"{issued_at}." + hmac.new(',
    `    os.environ["${SECRET_VARIABLE}"].encode(),`,
    '    f"{issued_at}.{user.id}".encode(),',
    '    hashlib.sha256,',
    ').hexdigest()',
  ].join('\n'),
  ruby: [
    'require "openssl"',
    '',
    '# For the signed-in user, on your server, on each page: only the hash goes to the page.',
    'issued_at = Time.now.to_i',
    `user_hash = "#{issued_at}." + OpenSSL::HMAC.hexdigest("SHA256", ENV.fetch("${SECRET_VARIABLE}"), "#{issued_at}.#{user.id}")`,
  ].join('\n'),
  php: [
    '<?php',
    '// For the signed-in user, on your server, on each page: only the hash goes to the page.',
    '$issuedAt = time();',
    `$userHash = $issuedAt . '.' . hash_hmac('sha256', $issuedAt . '.' . $user->id, getenv('${SECRET_VARIABLE}'));`,
  ].join('\n'),
} as const;
const LANGUAGES = [
  { value: 'node', label: 'Node.js' },
  { value: 'python', label: 'Python' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'php', label: 'PHP' },
] as const;

/**
 * Identity verification on the installation guide: why and how to sign each user's id on the
 * website's server (Node, Python, Ruby, PHP), and, for those who may change the website's script
 * settings (create_websites, as the API requires even to read it), the identity secret (masked, with
 * reveal and copy), whether it is required, and a rotation behind a confirmation.
 */
export function IdentityVerification({ websiteId }: { websiteId: string }) {
  const { t } = useTranslation('settings');
  const canManage = useCan('create', 'websites');
  return (
    <Stack gap="3" minW="0">
      <Text>{t('installationGuide.identity.description')}</Text>
      {canManage ? <SecretPanel websiteId={websiteId} /> : <Text data-testid="identity-no-permission">{t('installationGuide.identity.noPermission')}</Text>}
      <Heading as="h3" size="sm" mt="2">
        {t('installationGuide.identity.serverTitle')}
      </Heading>
      <Text>{t('installationGuide.identity.serverDescription', { variable: SECRET_VARIABLE })}</Text>
      <Tabs.Root defaultValue="node" variant="line" lazyMount={false} data-testid="identity-server-code">
        <Tabs.List aria-label={t('installationGuide.identity.serverTitle')}>
          {LANGUAGES.map((l) => (
            <Tabs.Trigger key={l.value} value={l.value} data-testid={`identity-tab-${l.value}`}>
              {l.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LANGUAGES.map((l) => (
          <Tabs.Content key={l.value} value={l.value} minW="0">
            <CopyableCode code={SERVER_CODE[l.value]} label={l.label} testId={`identity-code-${l.value}`} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

function SecretPanel({ websiteId }: { websiteId: string }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const query = useIdentityVerification(websiteId, true);
  const update = useUpdateIdentityVerification();
  const rotate = useRotateIdentitySecret();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  if (query.error) {
    return (
      <Text color="red.fg" data-testid="identity-error">
        {errorMessage(query.error, t('installationGuide.identity.loadError'))}
      </Text>
    );
  }
  const data = query.data;
  if (!data) return <Skeleton height="20" data-testid="identity-loading" />;

  const setRequired = async (required: boolean) => {
    try {
      const answer = await update.mutateAsync({ params: { id: websiteId }, body: { required } });
      toaster.create({ type: 'success', title: answer.message });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('installationGuide.identity.saveError')) });
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const doRotate = async () => {
    try {
      const answer = await rotate.mutateAsync({ params: { id: websiteId } });
      toaster.create({ type: 'success', title: answer.message });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('installationGuide.identity.rotateError')) });
      throw error;
    }
  };

  return (
    <Stack gap="3" minW="0" data-testid="identity-secret-panel">
      <Switch.Root
        checked={data.required}
        disabled={update.isPending}
        onCheckedChange={(e) => void setRequired(e.checked)}
        colorPalette="brand"
        data-testid="identity-required"
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t('installationGuide.identity.required')}</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color={data.required ? 'fg.muted' : 'orange.fg'} data-testid="identity-required-state">
        {data.required ? t('installationGuide.identity.requiredOn') : t('installationGuide.identity.requiredOff')}
      </Text>

      <Text fontWeight="medium" id="identity-secret-label">
        {t('installationGuide.identity.secret')}
      </Text>
      <Box
        dir="ltr"
        textAlign="left"
        overflowX="auto"
        bg="bg.muted"
        borderRadius="md"
        borderWidth="1px"
        p="3"
        role="group"
        aria-labelledby="identity-secret-label"
      >
        <Code bg="transparent" fontSize="xs" whiteSpace="pre" data-testid="identity-secret">
          {revealed ? data.secret : '•'.repeat(32)}
        </Code>
      </Box>
      <Stack direction="row" align="center" gap="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed} data-testid="identity-secret-reveal">
          {revealed ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
          {revealed ? t('installationGuide.identity.hide') : t('installationGuide.identity.reveal')}
        </Button>
        <Button size="sm" variant="outline" onClick={copy} data-testid="identity-secret-copy">
          {copied === 'yes' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {t('installationGuide.copy')}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} data-testid="identity-secret-rotate">
          <RefreshCw size={14} aria-hidden />
          {t('installationGuide.identity.rotate')}
        </Button>
        <Text as="span" fontSize="sm" color={copied === 'failed' ? 'red.fg' : 'fg.muted'} role="status" data-testid="identity-secret-copied">
          {copied === 'yes' ? t('installationGuide.copied') : copied === 'failed' ? t('installationGuide.copyFailed') : ''}
        </Text>
      </Stack>
      {data.previousSecretExpiresAt && (
        <Text fontSize="sm" color="fg.muted" data-testid="identity-previous-secret">
          {t('installationGuide.identity.previousValid', { time: format.dateTime(data.previousSecretExpiresAt) })}
        </Text>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={doRotate}
        title={t('installationGuide.identity.rotateTitle')}
        description={t('installationGuide.identity.rotateConfirm', { hours: LIMITS.identitySecretGraceHours })}
        confirmLabel={t('installationGuide.identity.rotateAction')}
        testId="identity-rotate-dialog"
      />
    </Stack>
  );
}
