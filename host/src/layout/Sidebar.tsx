import { NavLink } from 'react-router-dom';
import { Badge, Box, Flex, Image, Skeleton, Stack, Text, chakra } from 'shared-ui';
import { Drawer, Tooltip } from 'shared-ui/overlays';
import { Portal } from 'shared-ui';
import { useAtom } from 'jotai';
import { useTranslation } from 'shared-i18n';
import { useInterfaceToggle } from 'shared-auth';
import { navIcon } from './nav-icons';
import { useNavModel } from './useNavModel';
import { navDrawerOpenAtom, useNarrowScreen } from './narrow-screen';

const NavAnchor = chakra(NavLink);

/**
 * Sidebar with its sub-sidebar (default open, the choice remembered). Open, entries
 * show their labels grouped under headings; closed, a rail of icons with tooltips. On a phone it is
 * a drawer from the inline start, closed by default, that closes after a choice. Mirrors in
 * right-to-left.
 */
export function Sidebar() {
  const { t } = useTranslation('common');
  const [open] = useInterfaceToggle('subSidebar');
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useAtom(navDrawerOpenAtom);
  if (narrow) {
    return (
      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="nav-drawer">
              <Drawer.Title srOnly>{t('nav.label')}</Drawer.Title>
              <Box as="nav" aria-label={t('nav.label')} data-testid="sidebar" data-open overflowY="auto" h="full">
                <SidebarContent expanded onNavigate={() => setDrawerOpen(false)} />
              </Box>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  return (
    <Box
      as="nav"
      aria-label={t('nav.label')}
      data-testid="sidebar"
      data-open={open}
      w={open ? '64' : '16'}
      flexShrink={0}
      borderEndWidth="1px"
      bg="bg.panel"
      overflowY="auto"
      transition="width 0.15s"
    >
      <SidebarContent expanded={open} />
    </Box>
  );
}

function SidebarContent({ expanded: open, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { groups, loading } = useNavModel();
  return (
    <>
      <Flex align="center" gap="2" px="4" h="14" borderBottomWidth="1px">
        <Image src="/favicon.svg" alt="" boxSize="7" />
        {open && (
          <Text fontWeight="bold" fontSize="lg">
            Signpost
          </Text>
        )}
      </Flex>
      <Stack gap="5" py="4" px="2">
        {groups.map(({ group, items }) => (
          <Stack key={group} gap="1">
            {open && (
              <Text px="3" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {t(`nav.group.${group}`)}
              </Text>
            )}
            {items.map((item) => {
              const Icon = navIcon(item.icon);
              const link = (
                <NavAnchor
                  key={item.key}
                  to={item.path}
                  onClick={onNavigate}
                  data-testid={`nav-${item.path.slice(1).replace(/\//g, '-')}`}
                  data-unavailable={item.unavailable || undefined}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="md"
                  color={item.unavailable ? 'fg.subtle' : 'fg'}
                  _hover={{ bg: 'bg.muted' }}
                  css={{ '&.active': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' } }}
                >
                  <Icon size={18} aria-hidden />
                  {open && (
                    <Text as="span" flex="1" truncate>
                      {item.label}
                    </Text>
                  )}
                  {open && item.unavailable && (
                    <Badge size="sm" colorPalette="orange" variant="subtle">
                      {t('nav.unavailable')}
                    </Badge>
                  )}
                </NavAnchor>
              );
              return open ? (
                link
              ) : (
                <Tooltip.Root key={item.key} positioning={{ placement: 'right' }}>
                  <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
                  <Tooltip.Positioner>
                    <Tooltip.Content>{item.unavailable ? `${item.label} · ${t('nav.unavailable')}` : item.label}</Tooltip.Content>
                  </Tooltip.Positioner>
                </Tooltip.Root>
              );
            })}
          </Stack>
        ))}
        {loading && (
          <Stack gap="2" px="2" aria-busy="true">
            <Skeleton h="8" />
            <Skeleton h="8" />
            <Skeleton h="8" />
          </Stack>
        )}
      </Stack>
    </>
  );
}
