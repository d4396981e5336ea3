import { test, expect, unique } from '../fixtures';
import type { ApiSession, SignpostApi } from '../support/api';
import { PopupListPage } from '../pages/PopupListPage';
import { RoleListPage } from '../pages/RoleListPage';

/**
 * A list's page and filters live in the URL, so a reload keeps them and Back returns to
 * the previous page, then to the previous filter (on /posts: workspace and title search; on /role:
 * the name search).
 */

/** Access tokens live 8 s in this suite: a set-up of many calls signs in again when its token ages. */
function adminSession(api: SignpostApi): () => Promise<ApiSession> {
  let session: Promise<ApiSession> | null = null;
  let signedInAt = 0;
  return () => {
    if (!session || Date.now() - signedInAt > 4_000) {
      signedInAt = Date.now();
      session = api.loginAsAdmin();
    }
    return session;
  };
}

test.describe('list state in the URL', () => {
  test('/posts keeps its page, workspace and title search through a reload, and Back walks them back', async ({ signedInPage, api }) => {
    test.setTimeout(120_000);
    const session = adminSession(api);
    // 12 popups in a workspace of their own: two pages of 10 once filtered.
    const workspaceName = unique('URL state');
    const workspaceId = await api.createWorkspace(await session(), { name: workspaceName, icon: 'folder', service: 'popup' });
    const prefix = unique('Paged popup');
    for (let i = 1; i <= 12; i++) await api.createPopup(await session(), `${prefix} ${String(i).padStart(2, '0')}`, workspaceId);

    const list = new PopupListPage(signedInPage);
    await list.navigate();
    await list.workspace(workspaceName).click();
    await list.expectPath(new RegExp(`/posts\\?.*workSpace=${workspaceId}`));
    await list.search.fill(prefix);
    await expect(signedInPage).toHaveURL(/titleOfPopup=Paged/);
    await list.paging.expectPage(1, 2, 10);

    await list.paging.next();
    await expect(signedInPage).toHaveURL(/[?&]page=2/);
    await list.paging.expectPage(2, 2, 2);

    await signedInPage.reload();
    await list.expectLoaded();
    await list.paging.expectPage(2, 2, 2);
    await expect(list.search).toHaveValue(prefix);
    await expect(list.workspace(workspaceName)).toHaveAttribute('aria-current', 'page');
    // Newest first: page 2 holds the two oldest.
    await expect(list.row(`${prefix} 01`)).toBeVisible();

    await signedInPage.goBack();
    await expect(signedInPage).not.toHaveURL(/[?&]page=2/);
    await list.paging.expectPage(1, 2, 10);
    await expect(list.row(`${prefix} 12`)).toBeVisible();

    // Back once more: before the title search, the workspace alone is still chosen.
    await signedInPage.goBack();
    await expect(signedInPage).not.toHaveURL(/titleOfPopup=/);
    await expect(list.search).toHaveValue('');
    await expect(list.workspace(workspaceName)).toHaveAttribute('aria-current', 'page');
    await list.paging.expectPage(1, 2, 10);
  });

  test('/role keeps its page and name search through a reload, and Back walks them back', async ({ signedInPage, api }) => {
    test.setTimeout(120_000);
    const session = adminSession(api);
    // 11 roles sharing a name: two pages of 10 once searched.
    const prefix = unique('Paged role');
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++)
      ids.push(await api.createRole(await session(), { name: `${prefix} ${String(i).padStart(2, '0')}`, permissions: ['get_posts'] }));
    try {
      const list = new RoleListPage(signedInPage);
      await list.navigate();
      await list.search.fill(prefix);
      await expect(signedInPage).toHaveURL(/[?&]name=Paged/);
      await list.paging.expectPage(1, 2, 10);

      await list.paging.next();
      await expect(signedInPage).toHaveURL(/[?&]page=2/);
      await list.paging.expectPage(2, 2, 1);
      await expect(list.row(`${prefix} 01`)).toBeVisible();

      await signedInPage.reload();
      await list.expectLoaded();
      await list.paging.expectPage(2, 2, 1);
      await expect(list.search).toHaveValue(prefix);
      await expect(list.row(`${prefix} 01`)).toBeVisible();

      await signedInPage.goBack();
      await expect(signedInPage).not.toHaveURL(/[?&]page=2/);
      await list.paging.expectPage(1, 2, 10);

      await signedInPage.goBack();
      await expect(signedInPage).not.toHaveURL(/[?&]name=/);
      await expect(list.search).toHaveValue('');
    } finally {
      for (const id of ids) await api.deleteRole(await session(), id);
    }
  });
});
