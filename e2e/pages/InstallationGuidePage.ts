import { expect } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** /installation-guide (settings remote): the active website's snippet, where to paste it, and the live check. */
export class InstallationGuidePage extends withTestIds(ShellPage, {
  snippet: 'install-snippet',
  copyButton: 'install-snippet-copy',
  copied: 'install-snippet-copied',
  checkButton: 'install-check-button',
  installed: 'install-check-installed',
  missing: 'install-check-missing',
  identitySection: 'install-section-identity',
  identitySecret: 'identity-secret',
  identityReveal: 'identity-secret-reveal',
  identityRequired: 'identity-required',
}) {
  public static readonly path = '/installation-guide';

  public async navigate(): Promise<void> {
    await this.navigateTo(InstallationGuidePage.path);
    await expect(this.snippet).toBeVisible({ timeout: 20_000 });
  }
}
