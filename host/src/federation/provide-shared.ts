/**
 * The host provides EVERY entry of the shared-ui facade, including those only remotes use (the
 * data table). A facade entry the host did not provide would make a remote fall back to its own
 * copy, and with it a second, partial Chakra without the host's provider
 * (its components would render unstyled or throw for the missing context).
 * These functions are never called: referencing the modules is what makes the build provide them,
 * each in its own chunk, fetched only when a screen needs it.
 */
export const providedFacadeEntries = [() => import('shared-ui/overlays'), () => import('shared-ui/data-table'), () => import('shared-ui/audience-builder')];
