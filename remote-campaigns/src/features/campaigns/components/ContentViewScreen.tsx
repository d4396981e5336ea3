import { Fragment, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { MessagesSquare, Pencil } from 'lucide-react';
import { Button, PageHeader } from 'shared-ui';
import { useCan } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCampaignOptions, type CampaignOptions } from '../use-campaign-options';
import { CheckVisitorPanel, CommentsReactionsDialog, LifecycleBar, titleIn, VersionsPanel, type CampaignKindScreens, type LifecycleItem } from 'shared-content';
import { Stack } from 'shared-ui';
import { QueriedItem } from './QueriedItem';

/** What changes whenever an action changed the item's working copy or its status. */
const versionKey = (item: LifecycleItem & { updatedAt?: string }) => `${item._id}:${item.updatedAt ?? ''}:${item.status}:${item.hasDraft}`;

/** The props every campaign editor takes when it only shows a saved item. */
export interface ViewFormProps {
  mode: 'view';
  options: CampaignOptions;
  submitLabel: string;
  onSubmit: () => Promise<undefined>;
  onFailure: () => undefined;
  onCancel: () => void;
  extraActions?: ReactNode;
}

/** An item as the comments-and-reactions button and dialog show it. */
export interface FeedbackSubject {
  _id: string;
  title: string;
  commentCount: number;
  reactCount: number;
}

export interface ContentViewScreenProps<T> {
  kind: CampaignKindScreens;
  /** The kind's get hook (`usePopup`): the saved campaign of the route's id. */
  useItem: (id: string) => UseQueryResult<T>;
  /** For services that keep comments and reactions: the item as their dialog shows it. */
  feedbackOf?: (item: T) => FeedbackSubject;
  /** Actions of this service only, after the comments-and-reactions button (the popup's answers export). */
  extraActions?: (item: T) => ReactNode;
  /** The service's editor, given the read-only props (spread them, then add its own `defaultValues`). */
  children: (item: T, form: ViewFormProps) => ReactNode;
}

/**
 * `{basePath}/{id}/view`: a saved campaign item read-only in its editor with the live preview, its
 * status with the lifecycle's actions (publish, schedule, unpublished changes) and its published
 * versions, "Edit" for those who may update it, and (popups, banners) its comments and reactions. Each
 * kind's view screen is this shell given its kind, its get hook and its editor.
 */
export function ContentViewScreen<T extends LifecycleItem>({ kind, useItem, feedbackOf, extraActions, children }: ContentViewScreenProps<T>) {
  const { i18nKey, service, subject, basePath, feedback: feedbackCalls } = kind;
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const item = useItem(id);
  const navigate = useNavigate();
  const options = useCampaignOptions(service);
  const canUpdate = useCan('update', subject);
  const [feedback, setFeedback] = useState<{ _id: string; title: string } | null>(null);
  const back = () => navigate(basePath);
  const actionsOf = (item: T): ReactNode => {
    const subjectOf = feedbackOf?.(item);
    const own = extraActions?.(item);
    if (!subjectOf && !own) return undefined;
    return (
      <>
        {subjectOf && (
          <Button variant="ghost" onClick={() => setFeedback({ _id: subjectOf._id, title: subjectOf.title })} data-testid="view-feedback">
            <MessagesSquare size={14} aria-hidden />
            {t('feedback.open', { comments: subjectOf.commentCount, reactions: subjectOf.reactCount })}
          </Button>
        )}
        {own}
      </>
    );
  };
  return (
    <>
      <PageHeader
        title={t(`${i18nKey}.view.title`)}
        description={t(`${i18nKey}.view.description`)}
        actions={
          // "Edit" only once the item is there: a missing one (not found, another website's) has nothing to edit.
          canUpdate &&
          item.isSuccess && (
            <Button asChild variant="outline" data-testid="view-edit">
              <RouterLink to={`${basePath}/${id}/update`}>
                <Pencil size={14} aria-hidden />
                {t('editor.edit')}
              </RouterLink>
            </Button>
          )
        }
      />
      <QueriedItem query={item} onBack={back}>
        {(item) => (
          // The item's status and lifecycle actions, then the editor read-only, its versions, and why it shows (or not) to someone.
          <Stack gap="6">
            <LifecycleBar calls={kind.lifecycle} subject={subject} item={item} title={titleIn(item, kind.titleField)} />
            {/* The read-only editor takes the item once, as its form's defaults: remounted when a
                lifecycle action (restore as draft, discard changes, publish) changed what it shows. */}
            <Fragment key={versionKey(item)}>
              {children(item, {
                mode: 'view',
                options,
                submitLabel: '',
                onSubmit: async () => undefined,
                onFailure: () => undefined,
                onCancel: back,
                extraActions: actionsOf(item),
              })}
            </Fragment>
            <VersionsPanel calls={kind.lifecycle} subject={subject} id={item._id} />
            {kind.lifecycle.explain && <CheckVisitorPanel explainCall={kind.lifecycle.explain} id={item._id} />}
          </Stack>
        )}
      </QueriedItem>
      {feedbackCalls && <CommentsReactionsDialog namespace={kind.namespace} calls={feedbackCalls} item={feedback} onClose={() => setFeedback(null)} />}
    </>
  );
}
