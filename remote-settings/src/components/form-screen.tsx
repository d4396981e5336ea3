import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, PageHeader, Skeleton, Stack, StatePanel, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, httpStatus } from 'shared-data';

/** What a resource's form gets from the page around it. */
export interface FormScreenFormProps<B> {
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (body: B) => Promise<void>;
}

interface FormScreenBase<B extends { name: string }> {
  /** The resource's key (`groups`, `roles`): the page's texts are `<resource>.create.*` and `<resource>.edit.*`. */
  resource: string;
  /** The list the page goes back to, on cancel and after a save. */
  listPath: string;
  /** Sends the form's body (the create or update call). */
  save: (body: B) => Promise<unknown>;
}

/** Saving sends the body, says so with the resource's `<step>.saved` text and goes back to the list. */
function useFormProps<B extends { name: string }>({ resource, listPath, save }: FormScreenBase<B>, step: 'create' | 'edit', submitLabel: string) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  return {
    submitLabel,
    onCancel: () => navigate(listPath),
    onSubmit: async (body: B) => {
      await save(body);
      toaster.create({ type: 'success', title: t(`${resource}.${step}.saved`, { name: body.name }) });
      navigate(listPath);
    },
  } satisfies FormScreenFormProps<B>;
}

/** The create page of a resource with a name (a group, a role): its header and its form. */
export function CreateFormScreen<B extends { name: string }>({ form, ...base }: FormScreenBase<B> & { form: (props: FormScreenFormProps<B>) => ReactNode }) {
  const { t } = useTranslation('settings');
  const formProps = useFormProps(base, 'create', t(`${base.resource}.create.submit`));
  return (
    <>
      <PageHeader title={t(`${base.resource}.create.title`)} description={t(`${base.resource}.create.description`)} />
      {form(formProps)}
    </>
  );
}

/**
 * The edit page of a resource with a name, read from the server: a skeleton while it loads, a
 * not-found state for a missing one (a malformed id, 400, is as missing as an unknown one, 404),
 * an error with a retry, and the form once it is there.
 */
export function EditFormScreen<B extends { name: string }>({
  name,
  loading,
  error,
  onRetry,
  testId,
  form,
  ...base
}: FormScreenBase<B> & {
  /** The resource's name once read (the header's description). */
  name: string | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The prefix of the page's states' test ids (`group` → `group-loading`, `group-not-found`, `group-load-error`). */
  testId: string;
  /** The form, or null while there is nothing to edit. */
  form: ((props: FormScreenFormProps<B>) => ReactNode) | null;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const formProps = useFormProps(base, 'edit', tc('actions.save'));
  const { resource, listPath } = base;
  const missing = error !== null && error !== undefined && [400, 404].includes(httpStatus(error) ?? 0);
  const back = (
    <Button variant="outline" onClick={() => navigate(listPath)}>
      {t(`${resource}.edit.backToList`)}
    </Button>
  );
  return (
    <>
      <PageHeader title={t(`${resource}.edit.title`)} description={name ?? t(`${resource}.edit.description`)} />
      {loading && (
        <Stack gap="4" data-testid={`${testId}-loading`} aria-busy="true">
          <Skeleton h="10" maxW="md" />
          <Skeleton h="48" />
        </Stack>
      )}
      {missing && (
        <StatePanel
          testId={`${testId}-not-found`}
          tone="warning"
          title={t(`${resource}.edit.notFound`)}
          description={t(`${resource}.edit.notFoundHelp`)}
          action={back}
        />
      )}
      {error !== null && error !== undefined && !missing && (
        <StatePanel
          testId={`${testId}-load-error`}
          tone="danger"
          title={errorMessage(error, t(`${resource}.edit.loadError`))}
          action={
            <Button colorPalette="brand" onClick={onRetry}>
              {tc('actions.retry')}
            </Button>
          }
        />
      )}
      {form?.(formProps)}
    </>
  );
}
