import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Card, Heading, SelectField, SimpleGrid, Stack, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useFieldMessage } from './field-message';

/** One titled part of an editor's form (content, appearance, rules, targeting, tasks…). */
export function EditorSection({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

export interface IdSelectProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  noneLabel: string;
  items: readonly { _id: string; name: string }[];
  testId: string;
}

/** A field holding one id of the website's items (tag, workspace, group, audience), or null for none. */
export function IdSelect<T extends FieldValues>({ name, label, noneLabel, items, testId }: IdSelectProps<T>) {
  const { control, formState } = useFormContext<T>();
  const message = useFieldMessage(formState.errors);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SelectField
          label={label}
          error={message(name)}
          placeholder={noneLabel}
          options={items.map((item) => ({ value: item._id, label: item.name }))}
          // The form holds null for none; the select's own value for it is ''.
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value || null)}
          onBlur={field.onBlur}
          testId={testId}
        />
      )}
    />
  );
}

/** Two id fields side by side (tag and workspace, group and audience): the pair every editor ends its targeting with. */
export function IdSelectPair<T extends FieldValues>({ fields, gap = '4' }: { fields: readonly [IdSelectProps<T>, IdSelectProps<T>]; gap?: string }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={gap}>
      {fields.map((field) => (
        <IdSelect<T> key={field.name} {...field} />
      ))}
    </SimpleGrid>
  );
}

/**
 * An item's tag and workspace (every content document holds both at its root), labelled in the
 * remote's words: `{prefix}.tag`, `.noTag`, `.workspace` and `.noWorkspace` in `namespace`.
 */
export function OrganisationFields({
  options,
  namespace,
  prefix,
}: {
  options: { tags: IdSelectProps<FieldValues>['items']; workspaces: IdSelectProps<FieldValues>['items'] };
  namespace: string;
  prefix: string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <IdSelectPair<{ tag: string | null; workspace: string | null }>
      fields={[
        { name: 'tag', label: t(`${prefix}.tag`), noneLabel: t(`${prefix}.noTag`), items: options.tags, testId: 'field-tag' },
        { name: 'workspace', label: t(`${prefix}.workspace`), noneLabel: t(`${prefix}.noWorkspace`), items: options.workspaces, testId: 'field-workspace' },
      ]}
    />
  );
}

export interface EnumSelectProps<T extends FieldValues> {
  name: Path<T>;
  values: readonly string[];
  label: string;
  /** The table of `values.{table}.{value}` in `namespace` that labels each value. */
  table: string;
  testId: string;
  /** The remote's translation namespace (each remote words its own values). */
  namespace: string;
}

/** A field holding one value of a fixed list (status, priority, position…), labelled from `values.{table}`. */
export function EnumSelect<T extends FieldValues>({ name, values, label, table, testId, namespace }: EnumSelectProps<T>) {
  const { t } = useTranslation(namespace);
  const { register, formState } = useFormContext<T>();
  const message = useFieldMessage(formState.errors);
  return (
    <SelectField
      label={label}
      error={message(name)}
      options={values.map((v) => ({ value: v, label: t(`values.${table}.${v}`) }))}
      testId={testId}
      {...register(name)}
    />
  );
}

/** A yes/no field of a form (show sender, dismiss button, open in a new tab…) as a labelled checkbox. */
export function Toggle<T extends FieldValues>({ name, label, testId }: { name: Path<T>; label: string; testId?: string }) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
          <chakra.input
            type="checkbox"
            accentColor="brand.solid"
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            data-testid={testId}
          />
          {label}
        </chakra.label>
      )}
    />
  );
}
