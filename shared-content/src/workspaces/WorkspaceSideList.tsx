import { Plus } from 'lucide-react';
import type { Workspace } from 'contracts';
import { Box, Button, Skeleton, Stack, Text, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { WorkspaceIcon } from './WorkspaceIcon';

const Entry = chakra('button', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    width: { base: 'auto', '2xl': 'full' },
    paddingInline: '3',
    paddingBlock: '2',
    borderRadius: 'md',
    textAlign: 'start',
    fontSize: 'sm',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _currentPage: { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing' },
  },
});

/**
 * The workspaces of one service beside its list: choosing one filters the list (and is where "Create"
 * puts the new item); "All" clears the filter. A new workspace can be made from here.
 */
export function WorkspaceSideList({
  workspaces,
  loading,
  value,
  onChange,
  onNew,
}: {
  workspaces: readonly Workspace[];
  loading: boolean;
  value: string;
  onChange: (id: string) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    // Beside the table on wide screens; above it, as a wrapping row, where the table needs the width.
    <Box as="nav" aria-label={t('workspaces.title')} width={{ base: 'full', '2xl': '56' }} flexShrink={0} data-testid="workspace-side-list">
      <Stack
        gap="1"
        direction={{ base: 'row', '2xl': 'column' }}
        wrap={{ base: 'wrap', '2xl': 'nowrap' }}
        align={{ base: 'center', '2xl': 'stretch' }}
        bg="bg"
        borderWidth="1px"
        borderRadius="lg"
        p="2"
      >
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="3" py="1">
          {t('workspaces.title')}
        </Text>
        <Entry type="button" aria-current={value === '' ? 'page' : undefined} onClick={() => onChange('')} data-testid="workspace-all">
          {t('workspaces.all')}
        </Entry>
        {loading && <Skeleton h="8" w={{ base: '32', '2xl': 'full' }} />}
        {workspaces.map((ws) => (
          <Entry
            key={ws._id}
            type="button"
            aria-current={value === ws._id ? 'page' : undefined}
            onClick={() => onChange(ws._id)}
            data-testid={`workspace-${ws.name}`}
          >
            <WorkspaceIcon name={ws.icon} />
            <Text as="span" truncate>
              {ws.name}
            </Text>
          </Entry>
        ))}
        {!loading && workspaces.length === 0 && (
          <Text fontSize="sm" color="fg.muted" px="3" py="1">
            {t('workspaces.none')}
          </Text>
        )}
        <Button size="sm" variant="ghost" justifyContent="flex-start" onClick={onNew} data-testid="workspace-new">
          <Plus size={14} aria-hidden />
          {t('workspaces.new')}
        </Button>
      </Stack>
    </Box>
  );
}
