import { useMemo } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { MessageCode } from 'contracts';
import { withFormMessages } from './form-errors';

export interface ContractFormOptions<In extends FieldValues, Out extends FieldValues> extends Omit<UseFormProps<In, unknown, Out>, 'resolver'> {
  /** Contract codes shown as the form's own codes (see `withFormMessages`). */
  messages?: Partial<Record<MessageCode, MessageCode>>;
  /** Submit what was typed, not the schema's parsed output (forms whose schema only checks). */
  raw?: boolean;
}

/**
 * A react-hook-form form validated by a contract's zod schema, its values typed from the schema
 * (what is typed: the schema's input; what is submitted: its output), so a screen neither repeats
 * the form's type nor casts the resolver.
 */
export function useContractForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  { messages, raw = false, ...options }: ContractFormOptions<In, Out> = {},
) {
  const resolver = useMemo(
    () =>
      withFormMessages(
        // In raw mode what is submitted is what was typed; the forms that use it check strings only, whose input and output agree.
        raw ? (zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<In, unknown, Out>) : zodResolver(schema),
        messages ?? {},
      ),
    // `messages` is a constant per form; its identity may change each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema, raw],
  );
  return useForm<In, unknown, Out>({ ...options, resolver });
}
