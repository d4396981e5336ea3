import { NavLink } from 'react-router-dom';
import { Badge, Box, Flex, Image, Skeleton, Stack, Text, chakra } from 'shared-ui';
import { Tooltip } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { useInterfaceToggle } from 'shared-auth';
import { navIcon } from './nav-icons';
import { useNavModel } from './useNavModel';

const NavAnchor = chakra(NavLink);

/**
 * Sidebar with its sub-sidebar (spec section 4: default open). Open, entries show their labels
 * grouped under headings; closed, a rail of icons with tooltips. Mirrors in right-to-left.
 */
export function Sidebar() {
  const { t } = useTranslation('common');
  const [open] = useInterfaceToggle('subSidebar');
  const { groups, loading } = useNavModel();
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
      display={{ base: open ? 'block' : 'none', md: 'block' }}
    >
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
    </Box>
  );
}
