import { useState } from 'react';
import type { StatsRange } from 'contracts';
import { STATS_RANGES } from '../constants';
import { useTranslation } from 'shared-i18n';
import { Field, HStack, Input, NativeSelect, Text } from 'shared-ui';
import type { RangeProblem, RangeSelection } from '../range';

/**
 * The dashboard's time range (changeable, last24hours by default), custom with two
 * days. "Choose both days." waits until the user has left a day field: on choosing "Custom range"
 * nobody could have chosen them yet.
 */
export function RangeSelector({ value, onChange, problem }: { value: RangeSelection; onChange: (next: RangeSelection) => void; problem: RangeProblem | null }) {
  const { t } = useTranslation('dashboard');
  const [attempted, setAttempted] = useState(false);
  const shown = problem === 'missing' && !attempted ? null : problem;
  const attempt = () => setAttempted(true);
  return (
    <HStack gap="3" align="end" wrap="wrap" data-testid="range-selector">
      <Field.Root w="auto">
        <Field.Label>{t('range.label')}</Field.Label>
        <NativeSelect.Root size="sm" w="52">
          <NativeSelect.Field
            data-testid="range-select"
            value={value.range}
            onChange={(e) => onChange({ ...value, range: e.currentTarget.value as StatsRange })}
          >
            {STATS_RANGES.map((r) => (
              <option key={r} value={r}>
                {t(`range.${r}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {value.range === 'custom' && (
        <>
          <Field.Root w="auto" invalid={shown !== null}>
            <Field.Label>{t('range.from')}</Field.Label>
            <Input
              size="sm"
              type="date"
              data-testid="range-from"
              value={value.from ?? ''}
              onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
              onBlur={attempt}
            />
          </Field.Root>
          <Field.Root w="auto" invalid={shown !== null}>
            <Field.Label>{t('range.to')}</Field.Label>
            <Input
              size="sm"
              type="date"
              data-testid="range-to"
              value={value.to ?? ''}
              onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
              onBlur={attempt}
            />
          </Field.Root>
          {shown && (
            <Text color="fg.error" fontSize="sm" role="alert" data-testid="range-problem">
              {t(`range.problem.${shown}`)}
            </Text>
          )}
        </>
      )}
    </HStack>
  );
}
