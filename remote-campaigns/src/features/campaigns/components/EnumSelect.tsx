import type { FieldValues } from 'react-hook-form';
import { EnumSelect as SharedEnumSelect, type EnumSelectProps } from 'shared-content';

/** The shared enum field, its values labelled in the campaigns' words (`campaigns:values.{table}`). */
export function EnumSelect<T extends FieldValues>(props: Omit<EnumSelectProps<T>, 'namespace'>) {
  return <SharedEnumSelect<T> namespace="campaigns" {...props} />;
}
