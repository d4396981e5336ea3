import { cloneElement, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** One icon button of a row's Action column (view, edit, delete, duplicate, cancel…). */
export interface RowAction {
  /** Accessible name (also the button's title), e.g. "Delete Summer sale". */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** Renders the button as this element (a router link) around the icon, instead of a button. */
  link?: ReactElement<{ children?: ReactNode }>;
  tone?: 'danger';
  testId?: string;
  /** Left out when true (the user may not do it, or not on this row). */
  hidden?: boolean;
}

/** Below Chakra's `md` breakpoint, as the console's layout (host's narrow-screen). */
const NARROW_QUERY = '(max-width: 767.98px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const useNarrow = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );

/**
 * A row's actions: icon buttons side by side; on a phone one "…" menu naming each action, so the
 * pinned Action column is one button wide and leaves the row's title readable.
 */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation('common');
  const narrow = useNarrow();
  const shown = actions.filter((a) => !a.hidden);
  if (narrow && shown.length > 1)
    return (
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={t('table.rowActions')} title={t('table.rowActions')} data-testid="row-actions-menu">
            <Ellipsis aria-hidden />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {shown.map((a) => (
                <Menu.Item
                  key={a.testId ?? a.label}
                  value={a.testId ?? a.label}
                  asChild={Boolean(a.link)}
                  color={a.tone === 'danger' ? 'fg.error' : undefined}
                  data-testid={a.testId}
                  onClick={a.link ? undefined : a.onClick}
                >
                  {a.link ? (
                    cloneElement(
                      a.link,
                      {},
                      <>
                        {a.icon}
                        {a.label}
                      </>,
                    )
                  ) : (
                    <>
                      {a.icon}
                      {a.label}
                    </>
                  )}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    );
  return (
    <HStack gap="1" justify="flex-end">
      {shown.map((a) => (
        <IconButton
          key={a.testId ?? a.label}
          asChild={Boolean(a.link)}
          size="xs"
          variant="ghost"
          colorPalette={a.tone === 'danger' ? 'red' : undefined}
          aria-label={a.label}
          title={a.label}
          data-testid={a.testId}
          onClick={a.link ? undefined : a.onClick}
        >
          {a.link ? cloneElement(a.link, {}, a.icon) : a.icon}
        </IconButton>
      ))}
    </HStack>
  );
}
