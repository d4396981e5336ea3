import { useId } from 'react';
import { ALL_PERMISSIONS, RESOURCES, RESOURCE_ACTIONS, type Resource } from 'contracts';
import { Badge, Card, Checkbox, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** Keeps the permissions in the order, whatever order they were ticked in. */
/** Resources whose screens do not exist yet: their card says what they will guard. */
const FUTURE_RESOURCES = new Set(['domain', 'email', 'reclamation']);

export function orderPermissions(permissions: Iterable<string>): string[] {
  const set = new Set(permissions);
  return ALL_PERMISSIONS.filter((p) => set.has(p));
}

const permissionsOf = (resource: Resource): string[] => (RESOURCE_ACTIONS[resource] as readonly string[]).map((action) => `${action}_${resource}`);

export interface PermissionCardsProps {
  value: string[];
  onChange: (permissions: string[]) => void;
  disabled?: boolean;
  /** Puts the group in the invalid state (the field's message is shown by the caller). */
  invalid?: boolean;
}

/**
 * One card per resource, its actions as checkboxes (`duplication_checklist`
 * included as spelt), a "select all" per card and the count selected. Emits permission strings.
 */
export function PermissionCards({ value, onChange, disabled, invalid }: PermissionCardsProps) {
  const { t } = useTranslation('settings');
  const selected = new Set(value);
  const set = (permissions: string[], on: boolean) => {
    const next = new Set(selected);
    for (const p of permissions) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange(orderPermissions(next));
  };
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="permission-cards" aria-invalid={invalid || undefined}>
      {RESOURCES.map((resource) => (
        <ResourceCard key={resource} resource={resource} selected={selected} disabled={disabled} onSet={set} label={t(`roles.resources.${resource}`)} />
      ))}
    </SimpleGrid>
  );
}

function ResourceCard({
  resource,
  selected,
  disabled,
  onSet,
  label,
}: {
  resource: Resource;
  selected: Set<string>;
  disabled?: boolean;
  onSet: (permissions: string[], on: boolean) => void;
  label: string;
}) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const permissions = permissionsOf(resource);
  const count = permissions.filter((p) => selected.has(p)).length;
  const all = count === permissions.length;
  return (
    <Card.Root
      size="sm"
      variant="outline"
      role="group"
      aria-labelledby={headingId}
      data-testid={`permission-card-${resource}`}
      borderColor={count ? 'brand.muted' : undefined}
    >
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading as="h3" size="sm" id={headingId}>
            {label}
          </Heading>
          <Badge colorPalette={count ? 'brand' : 'gray'} data-testid="permission-count">
            {t('roles.form.selectedCount', { count, total: permissions.length })}
          </Badge>
        </HStack>
        {FUTURE_RESOURCES.has(resource) && (
          <Text fontSize="xs" color="fg.muted" data-testid="permission-future">
            {t('roles.future.title')} · {t(`roles.future.${resource}`)}
          </Text>
        )}
        <Checkbox.Root
          size="sm"
          mt="2"
          checked={all ? true : count ? 'indeterminate' : false}
          disabled={disabled}
          onCheckedChange={() => onSet(permissions, !all)}
          data-testid="permission-select-all"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label color="fg.muted">
            <span aria-hidden>{t('roles.form.selectAll')}</span>
            <VisuallyHidden>{t('roles.form.selectAllOf', { resource: label })}</VisuallyHidden>
          </Checkbox.Label>
        </Checkbox.Root>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="2" ps="1">
          {permissions.map((permission) => {
            const action = permission.slice(0, permission.indexOf('_'));
            return (
              <Checkbox.Root
                key={permission}
                size="sm"
                checked={selected.has(permission)}
                disabled={disabled}
                onCheckedChange={(e) => onSet([permission], e.checked === true)}
                data-testid={`permission-${permission}`}
              >
                <Checkbox.HiddenInput value={permission} />
                <Checkbox.Control />
                <Checkbox.Label textAlign="start">
                  <span aria-hidden>{t(`roles.actions.${action}`)}</span>
                  <VisuallyHidden>{t('roles.form.actionOf', { action: t(`roles.actions.${action}`), resource: label })}</VisuallyHidden>
                </Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
