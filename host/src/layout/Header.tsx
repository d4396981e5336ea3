import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Check, ChevronDown, Globe, Languages, LogOut, Menu as MenuIcon, Moon, Info, Sun, UserRound } from 'lucide-react';
import { Avatar, Badge, Box, Button, Flex, HStack, IconButton, Portal, Spacer, Text, useColorMode } from 'shared-ui';
import { Menu } from 'shared-ui/overlays';
import { LANGUAGES, changeLanguage, useTranslation } from 'shared-i18n';
import { useInterfaceToggle, useSession } from 'shared-auth';
import { AboutDialog } from './AboutDialog';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useAtom } from 'jotai';
import { navDrawerOpenAtom, useNarrowScreen } from './narrow-screen';

function WebsiteSwitcher() {
  const { t } = useTranslation('common');
  const { websites, activeWebsite, switchWebsite } = useSession();
  if (websites.length === 0) return null;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          data-testid="website-switcher"
          // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
          aria-label={`${activeWebsite?.name ?? t('header.noWebsite')}, ${t('header.website')}`}
          maxW={{ base: '40', md: '64' }}
          // On a phone it gives up width first, so the header's end (the account menu) stays on screen.
          minW="0"
          flexShrink={1}
        >
          <Globe size={16} aria-hidden />
          {/* dir="auto": a Latin name in the Arabic console keeps its start and loses its end to the ellipsis. */}
          <Text as="span" truncate dir="auto">
            {activeWebsite?.name ?? t('header.noWebsite')}
          </Text>
          <ChevronDown size={14} aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('header.website')}</Menu.ItemGroupLabel>
              {websites.map((w) => (
                <Menu.Item key={w._id} value={w._id} onClick={() => switchWebsite(w._id)}>
                  <Box flex="1">
                    <Text>{w.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {w.domain}
                    </Text>
                  </Box>
                  {w._id === activeWebsite?._id && <Check size={16} aria-hidden />}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function LanguageMenu({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size={size} aria-label={`${i18n.language.toUpperCase()}, ${t('header.language')}`} data-testid="language-switcher">
          <Languages size={16} aria-hidden />
          <Text as="span" textTransform="uppercase" fontSize="xs">
            {i18n.language}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map((l) => (
              <Menu.Item key={l.code} value={l.code} onClick={() => void changeLanguage(l.code)} data-testid={`language-${l.code}`}>
                <Text flex="1" lang={l.code}>
                  {l.label}
                </Text>
                {i18n.language === l.code && <Check size={16} aria-hidden />}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? t('header.lightTheme') : t('header.darkTheme');
  return (
    <IconButton variant="ghost" size="sm" aria-label={label} title={label} onClick={toggleColorMode} data-testid="theme-toggle">
      {colorMode === 'dark' ? <Sun size={18} /> : <Moon size={18} />}
    </IconButton>
  );
}

function ProfileMenu({ onAbout }: { onAbout: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        {/* Named by its content (the visible name, then "Account menu" for screen readers), so the
            accessible name always contains the visible text (WCAG 2.5.3); the initials are decorative. */}
        <Button variant="ghost" size="sm" px="1" data-testid="profile-menu">
          <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
            <Avatar.Fallback name={user?.name} />
            {user?.avatar && <Avatar.Image src={user.avatar} alt="" />}
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', md: 'inline' }} maxW="40" truncate>
            {user?.name}
          </Text>
          <Text as="span" srOnly>
            {t('header.profileMenu')}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{user?.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {user?.email}
              </Text>
              {user?.isSuperAdmin && (
                <Badge mt="1" size="sm" colorPalette="purple">
                  {t('header.superAdmin')}
                </Badge>
              )}
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile" onClick={() => navigate('/profile')}>
              <UserRound size={16} aria-hidden /> {t('header.profile')}
            </Menu.Item>
            <Menu.Item value="about" onClick={onAbout}>
              <Info size={16} aria-hidden /> {t('header.about')}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item
              value="sign-out"
              data-testid="sign-out"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              <LogOut size={16} aria-hidden /> {t('header.signOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Header of the main layout: website, language, theme, notifications, profile. */
export function Header() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useInterfaceToggle('subSidebar');
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useAtom(navDrawerOpenAtom);
  // On a phone the button opens the navigation drawer; wider, it collapses or expands the sidebar.
  const expanded = narrow ? drawerOpen : open;
  const [aboutOpen, setAboutOpen] = useState(false);
  return (
    <Flex as="header" align="center" gap="2" px={{ base: '2', md: '4' }} h="14" borderBottomWidth="1px" bg="bg.panel" flexShrink={0}>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={expanded ? t('header.collapseSidebar') : t('header.expandSidebar')}
        aria-expanded={expanded}
        onClick={() => (narrow ? setDrawerOpen(!drawerOpen) : setOpen(!open))}
        data-testid="sub-sidebar-toggle"
      >
        <MenuIcon size={18} />
      </IconButton>
      <WebsiteSwitcher />
      <Spacer />
      <HStack gap={{ base: '0', md: '1' }} flexShrink={0}>
        <LanguageMenu />
        <ThemeToggle />
        <NotificationBell />
        <ProfileMenu onAbout={() => setAboutOpen(true)} />
      </HStack>
      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Flex>
  );
}
