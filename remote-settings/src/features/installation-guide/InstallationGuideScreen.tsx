import { Card, Code, Heading, Link, List, PageHeader, RetryButton, Skeleton, Stack, StatePanel, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan, useSession } from 'shared-auth';
import { identifySnippet } from '../people-data/snippet';
import { useInstallSnippet } from './api/get-install-snippet';
import { useWebsitePublicKey } from './api/get-website-public-key';
import { useIdentifyAttributes } from './api/list-attributes';
import { CopyableCode } from './components/CopyableCode';
import { IdentityVerification } from './components/IdentityVerification';
import { InstallCheck } from './components/InstallCheck';

/** The snippet's JavaScript without its <script> element, for frameworks that write that element themselves. */
export function snippetScript(snippet: string): string {
  return snippet.replace(/^\s*<script[^>]*>/i, '').replace(/<\/script>\s*$/i, '');
}

/** Next.js (app router): the snippet through next/script, after the page is interactive. */
export function nextJsExample(snippet: string): string {
  return [
    "import Script from 'next/script';",
    '',
    'export default function RootLayout({ children }) {',
    '  return (',
    '    <html>',
    '      <body>',
    '        {children}',
    '        <Script id="signpost" strategy="afterInteractive"',
    `          dangerouslySetInnerHTML={{ __html: ${JSON.stringify(snippetScript(snippet))} }} />`,
    '      </body>',
    '    </html>',
    '  );',
    '}',
  ].join('\n');
}

/** Plain HTML: inside the <head> of every page. */
export function htmlExample(snippet: string): string {
  return ['<head>', '  <!-- … -->', `  ${snippet}`, '</head>'].join('\n');
}

/**
 * /installation-guide (no permission): how to install the website script on the
 * active website — its snippet (from the API, with the website's key), where to paste it (HTML,
 * React/Next.js, Google Tag Manager), how to say who the visitor is with the website's declared
 * attributes, how to verify that identity on the website's server (the identity secret and server
 * code), and a live check that turns green once the script has reported from the website.
 * The snippet and the key need get_websites (as the API); without it the screen says whom to ask.
 */
export default function InstallationGuideScreen() {
  const { t } = useTranslation('settings');
  const { activeWebsite } = useSession();
  const canSeeWebsites = useCan('get', 'websites');
  const websiteId = activeWebsite?._id;
  const snippetQuery = useInstallSnippet(websiteId, canSeeWebsites);
  const publicKeyQuery = useWebsitePublicKey(websiteId, canSeeWebsites);
  const attributes = useIdentifyAttributes().data ?? [];
  const failed = snippetQuery.error ?? publicKeyQuery.error;
  const retry = () => {
    void snippetQuery.refetch();
    void publicKeyQuery.refetch();
  };

  const websiteName = activeWebsite?.name ?? '';
  const header = <PageHeader title={t('installationGuide.title')} description={t('installationGuide.description', { website: websiteName })} />;
  if (!activeWebsite) {
    return (
      <>
        {header}
        <StatePanel title={t('installationGuide.noWebsite')} testId="install-no-website" />
      </>
    );
  }
  if (!canSeeWebsites) {
    return (
      <>
        {header}
        <StatePanel title={t('installationGuide.noPermission')} description={t('installationGuide.noPermissionHint')} testId="install-no-permission" />
      </>
    );
  }
  if (failed) {
    return (
      <>
        {header}
        <StatePanel
          tone="danger"
          title={t('installationGuide.loadError')}
          description={errorMessage(failed, t('installationGuide.loadError'))}
          action={<RetryButton onClick={retry}>{t('actions.retry', { ns: 'common' })}</RetryButton>}
          testId="install-error"
        />
      </>
    );
  }
  if (snippetQuery.data === undefined || publicKeyQuery.data === undefined) {
    return (
      <>
        {header}
        <Skeleton height="40" data-testid="install-loading" />
      </>
    );
  }

  const snippet = snippetQuery.data;
  const publicKey = publicKeyQuery.data;
  const identify = identifySnippet(attributes, { withProfile: true, withUserHash: true });
  return (
    <>
      {header}
      <Stack gap="6" maxW="4xl">
        <Section title={t('installationGuide.snippet.title')} testId="install-section-snippet">
          <Text>{t('installationGuide.snippet.description')}</Text>
          <CopyableCode code={snippet} label={t('installationGuide.snippet.title')} testId="install-snippet" />
        </Section>

        <Section title={t('installationGuide.where.title')} testId="install-section-where">
          <Heading as="h3" size="sm">
            {t('installationGuide.where.html.title')}
          </Heading>
          <Text>{t('installationGuide.where.html.description')}</Text>
          <CopyableCode code={htmlExample(snippet)} label={t('installationGuide.where.html.title')} testId="install-html" />

          <Heading as="h3" size="sm" mt="2">
            {t('installationGuide.where.next.title')}
          </Heading>
          <Text>{t('installationGuide.where.next.description')}</Text>
          <CopyableCode code={nextJsExample(snippet)} label={t('installationGuide.where.next.title')} testId="install-next" />

          <Heading as="h3" size="sm" mt="2">
            {t('installationGuide.where.gtm.title')}
          </Heading>
          <List.Root as="ol" ps="5" gap="1">
            <List.Item>{t('installationGuide.where.gtm.step1')}</List.Item>
            <List.Item>{t('installationGuide.where.gtm.step2')}</List.Item>
            <List.Item>{t('installationGuide.where.gtm.step3')}</List.Item>
            <List.Item>{t('installationGuide.where.gtm.step4')}</List.Item>
          </List.Root>
        </Section>

        <Section title={t('installationGuide.identify.title')} testId="install-section-identify">
          <Text>{t('installationGuide.identify.description')}</Text>
          <CopyableCode code={identify} label={t('installationGuide.identify.title')} testId="install-identify" />
          <Text fontSize="sm" color="fg.muted">
            {attributes.length ? t('installationGuide.identify.attributes') : t('installationGuide.identify.noAttributes')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('installationGuide.identify.reset')} <Code dir="ltr">{"signpost('reset')"}</Code>
          </Text>
        </Section>

        <Section title={t('installationGuide.push.title')} testId="install-section-push">
          <Text>{t('installationGuide.push.description')}</Text>
          {serviceWorkerUrl(snippet) && (
            <Link href={serviceWorkerUrl(snippet)!} download="signpost-sw.js" data-testid="install-service-worker">
              {t('installationGuide.push.download')}
            </Link>
          )}
          <CopyableCode code={PUSH_EXAMPLE} label={t('installationGuide.push.title')} testId="install-push" />
          <Text fontSize="sm" color="fg.muted">
            {t('installationGuide.push.until')}
          </Text>
        </Section>

        <Section title={t('installationGuide.identity.title')} testId="install-section-identity">
          <IdentityVerification websiteId={activeWebsite._id} />
        </Section>

        <Section title={t('installationGuide.check.title')} testId="install-section-check">
          <Text>{t('installationGuide.check.description', { domain: activeWebsite.domain })}</Text>
          <InstallCheck publicKey={publicKey} domain={activeWebsite.domain} />
        </Section>
      </Stack>
    </>
  );
}

/** The service worker sits beside the script on the script's server: its address from the snippet's. */
function serviceWorkerUrl(snippet: string): string | null {
  const script = /https?:\/\/[^'"\s]+\/signpost\.js/.exec(snippet)?.[0];
  return script ? script.replace(/signpost\.js$/, 'signpost-sw.js') : null;
}

const PUSH_EXAMPLE = `document.querySelector('#notify-me').addEventListener('click', () => {
  signpost('askPushPermission', { softPrompt: true }, (outcome) => console.log(outcome));
});`;

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" minW="0">
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
