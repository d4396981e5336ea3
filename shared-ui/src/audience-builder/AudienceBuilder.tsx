import { useMemo } from 'react';
import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  AUDIENCE_MAX_CONDITIONS,
  AUDIENCE_MAX_DEPTH,
  BUILT_IN_AUDIENCE_FIELDS,
  audienceSize,
  COMPARISONS_BY_TYPE,
  VALUELESS_COMPARISONS,
  isAudienceGroup,
  type AttributeType,
  type AudienceComparison,
  type AudienceCondition,
  type AudienceGroup,
} from 'contracts';

export interface AudienceAttribute {
  name: string;
  type: AttributeType;
}

export interface AudienceBuilderProps {
  value: AudienceGroup;
  onChange: (next: AudienceGroup) => void;
  /** The website's people-data attributes (the caller fetches them); the built-in fields are always offered. */
  attributes: readonly AudienceAttribute[];
  /**
   * Field messages keyed by their dotted path inside the tree (`predicates.0.selectedValue`), as the
   * server answers them for POST /api/clients; strip a prefix first with `audienceErrorsFrom`.
   */
  errors?: Record<string, string | undefined>;
  disabled?: boolean;
  testId?: string;
}

type Node = AudienceCondition | AudienceGroup;
const BUILT_IN_NAMES = Object.keys(BUILT_IN_AUDIENCE_FIELDS) as (keyof typeof BUILT_IN_AUDIENCE_FIELDS)[];

/** The messages of `errors` under `prefix` (e.g. 'audience' in a segment body), re-keyed relative to the tree. */
export function audienceErrorsFrom(errors: Record<string, string> | undefined, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const head = prefix ? `${prefix}.` : '';
  for (const [key, message] of Object.entries(errors ?? {})) {
    if (!prefix) out[key] = message;
    else if (key.startsWith(head)) out[key.slice(head.length)] = message;
    else if (key === prefix) out[''] = message;
  }
  return out;
}

/** A new condition: the first built-in field, its first comparison, no value yet. */
export function newAudienceCondition(): AudienceCondition {
  return { attribute: 'memberId', comparison: 'is', selectedValue: null };
}

/**
 * The rule builder of a dynamic audience: nested "and"/"or" groups of conditions,
 * each an attribute, a comparison that fits the attribute's type, and a value input that fits it too
 * (none for valueless comparisons). Used by /settings/audiences and by the campaign editors, so it
 * lives in the facade. Fully controlled: every edit hands a new tree to `onChange`.
 */
export function AudienceBuilder({ value, onChange, attributes, errors = {}, disabled = false, testId = 'audience-builder' }: AudienceBuilderProps) {
  const types = useMemo(() => {
    const map = new Map<string, AttributeType>();
    for (const a of attributes) map.set(a.name, a.type);
    for (const name of BUILT_IN_NAMES) map.set(name, BUILT_IN_AUDIENCE_FIELDS[name]);
    return map;
  }, [attributes]);
  const custom = useMemo(() => attributes.filter((a) => !Object.hasOwn(BUILT_IN_AUDIENCE_FIELDS, a.name)), [attributes]);
  // The server refuses a tree past AUDIENCE_MAX_CONDITIONS: stop offering to add before that.
  const full = audienceSize(value).conditions >= AUDIENCE_MAX_CONDITIONS;
  return (
    <Box data-testid={testId}>
      <GroupEditor group={value} path="" depth={1} onChange={onChange} types={types} custom={custom} errors={errors} disabled={disabled} full={full} />
    </Box>
  );
}

interface EditorContext {
  types: ReadonlyMap<string, AttributeType>;
  custom: readonly AudienceAttribute[];
  errors: Record<string, string | undefined>;
  disabled: boolean;
  /** The tree holds as many conditions as it may. */
  full: boolean;
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

function GroupEditor({
  group,
  path,
  depth,
  onChange,
  onRemove,
  ...ctx
}: EditorContext & { group: AudienceGroup; path: string; depth: number; onChange: (g: AudienceGroup) => void; onRemove?: () => void }) {
  const { t } = useTranslation('common');
  const setPredicate = (i: number, node: Node) => onChange({ ...group, predicates: group.predicates.map((p, j) => (j === i ? node : p)) });
  const removePredicate = (i: number) => onChange({ ...group, predicates: group.predicates.filter((_, j) => j !== i) });
  const add = (node: Node) => onChange({ ...group, predicates: [...group.predicates, node] });
  const groupError = ctx.errors[path] ?? ctx.errors[at(path, 'predicates')];
  return (
    <Box
      role="group"
      aria-label={depth === 1 ? t('audience.rootLabel') : t('audience.groupLabel', { level: depth })}
      data-testid="audience-group"
      borderWidth="1px"
      borderRadius="md"
      borderStartWidth={depth > 1 ? '3px' : '1px'}
      borderStartColor={depth > 1 ? 'brand.solid' : undefined}
      p="3"
      bg={depth % 2 === 0 ? 'bg.subtle' : undefined}
    >
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Text fontSize="sm">{t('audience.match')}</Text>
          <NativeSelect.Root size="sm" width="auto" disabled={ctx.disabled}>
            <NativeSelect.Field
              aria-label={t('audience.operatorLabel')}
              data-testid="audience-operator"
              value={group.operator}
              onChange={(e) => onChange({ ...group, operator: e.target.value === 'or' ? 'or' : 'and' })}
            >
              <option value="and">{t('audience.operators.and')}</option>
              <option value="or">{t('audience.operators.or')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {group.predicates.length === 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="audience-empty">
            {t('audience.empty')}
          </Text>
        )}
        {group.predicates.map((node, i) => {
          const childPath = at(path, `predicates.${i}`);
          return (
            <Stack key={i} gap="1">
              {i > 0 && (
                <Badge alignSelf="flex-start" variant="subtle" size="sm">
                  {t(`audience.joiners.${group.operator}`)}
                </Badge>
              )}
              {isAudienceGroup(node) ? (
                <GroupEditor
                  {...ctx}
                  group={node}
                  path={childPath}
                  depth={depth + 1}
                  onChange={(g) => setPredicate(i, g)}
                  onRemove={() => removePredicate(i)}
                />
              ) : (
                <ConditionEditor
                  {...ctx}
                  condition={node}
                  path={childPath}
                  index={i}
                  onChange={(c) => setPredicate(i, c)}
                  onRemove={() => removePredicate(i)}
                />
              )}
            </Stack>
          );
        })}
        {groupError && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {groupError}
          </Text>
        )}
        <HStack gap="2" flexWrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => add(newAudienceCondition())}
            disabled={ctx.disabled || ctx.full}
            data-testid="audience-add-condition"
          >
            {t('audience.addCondition')}
          </Button>
          {depth < AUDIENCE_MAX_DEPTH && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => add({ operator: group.operator === 'and' ? 'or' : 'and', predicates: [newAudienceCondition()] })}
              disabled={ctx.disabled || ctx.full}
              data-testid="audience-add-group"
            >
              {t('audience.addGroup')}
            </Button>
          )}
          {onRemove && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove} disabled={ctx.disabled} data-testid="audience-remove-group">
              {t('audience.removeGroup')}
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

function ConditionEditor({
  condition,
  path,
  index,
  onChange,
  onRemove,
  types,
  custom,
  errors,
  disabled,
}: EditorContext & { condition: AudienceCondition; path: string; index: number; onChange: (c: AudienceCondition) => void; onRemove: () => void }) {
  const { t } = useTranslation('common');
  const type = types.get(condition.attribute);
  const comparisons: readonly AudienceComparison[] = type ? COMPARISONS_BY_TYPE[type] : [];
  const valueless = VALUELESS_COMPARISONS.includes(condition.comparison);
  const n = index + 1;

  const changeAttribute = (attribute: string) => {
    const nextType = types.get(attribute);
    const fits = nextType ? COMPARISONS_BY_TYPE[nextType] : [];
    const comparison = fits.includes(condition.comparison) ? condition.comparison : (fits[0] ?? condition.comparison);
    // A value typed for another kind of attribute means nothing for this one.
    const selectedValue = nextType === type && !VALUELESS_COMPARISONS.includes(comparison) ? condition.selectedValue : null;
    onChange({ attribute, comparison, selectedValue });
  };
  const changeComparison = (comparison: AudienceComparison) =>
    onChange({ ...condition, comparison, selectedValue: VALUELESS_COMPARISONS.includes(comparison) ? null : condition.selectedValue });
  const changeValue = (raw: string) => {
    if (raw === '') return onChange({ ...condition, selectedValue: null });
    if (type === 'number') {
      const num = Number(raw);
      // Keep what was typed when it is not a number yet, so the server can say so on this field.
      return onChange({ ...condition, selectedValue: Number.isFinite(num) ? num : raw });
    }
    onChange({ ...condition, selectedValue: raw });
  };

  const attributeError = errors[at(path, 'attribute')];
  const comparisonError = errors[at(path, 'comparison')];
  const valueError = errors[at(path, 'selectedValue')];
  const shown = condition.selectedValue === null || condition.selectedValue === undefined ? '' : String(condition.selectedValue);

  return (
    <HStack
      role="group"
      aria-label={t('audience.conditionLabel', { n })}
      data-testid="audience-condition"
      gap="2"
      alignItems="flex-start"
      flexWrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      p="2"
      bg="bg.panel"
    >
      <Field.Root invalid={Boolean(attributeError)} width={{ base: 'full', md: '48' }}>
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field
            aria-label={t('audience.attribute')}
            data-testid="audience-attribute"
            value={condition.attribute}
            onChange={(e) => changeAttribute(e.target.value)}
          >
            {!type && <option value={condition.attribute}>{condition.attribute || t('audience.pickAttribute')}</option>}
            <optgroup label={t('audience.builtIn')}>
              {BUILT_IN_NAMES.map((name) => (
                <option key={name} value={name}>
                  {t(`audience.fields.${name}`)}
                </option>
              ))}
            </optgroup>
            {custom.length > 0 && (
              <optgroup label={t('audience.peopleData')}>
                {custom.map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.name}
                  </option>
                ))}
              </optgroup>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {attributeError && <Field.ErrorText>{attributeError}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(comparisonError)} width={{ base: 'full', md: '44' }}>
        <NativeSelect.Root size="sm" disabled={disabled || !type}>
          <NativeSelect.Field
            aria-label={t('audience.comparison')}
            data-testid="audience-comparison"
            value={condition.comparison}
            onChange={(e) => changeComparison(e.target.value as AudienceComparison)}
          >
            {!comparisons.includes(condition.comparison) && <option value={condition.comparison}>{t(`audience.comparisons.${condition.comparison}`)}</option>}
            {comparisons.map((c) => (
              <option key={c} value={c}>
                {t(`audience.comparisons.${c}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {comparisonError && <Field.ErrorText>{comparisonError}</Field.ErrorText>}
      </Field.Root>
      {!valueless && (
        <Field.Root invalid={Boolean(valueError)} flex="1" minWidth="40">
          <Input
            size="sm"
            aria-label={t('audience.value')}
            data-testid="audience-value"
            type={type === 'number' ? 'number' : type === 'date' ? 'date' : 'text'}
            // Member ids, numbers and dates read left to right even in Arabic.
            dir={type === 'string' ? 'auto' : 'ltr'}
            textAlign="start"
            placeholder={type === 'date' ? undefined : t('audience.valuePlaceholder')}
            value={type === 'date' ? shown.slice(0, 10) : shown}
            onChange={(e) => changeValue(e.target.value)}
            disabled={disabled}
          />
          {valueError && <Field.ErrorText>{valueError}</Field.ErrorText>}
        </Field.Root>
      )}
      <Button
        size="sm"
        variant="ghost"
        colorPalette="red"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('audience.removeConditionLabel', { n })}
        data-testid="audience-remove-condition"
      >
        {t('audience.removeCondition')}
      </Button>
    </HStack>
  );
}
