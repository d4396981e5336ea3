import { useParams } from 'react-router-dom';
import { PageHeader, Stack } from 'shared-ui';
import { LifecycleBar } from 'shared-content';
import { POPUP_SCREENS } from '../campaigns/kinds';
import { useTranslation } from 'shared-i18n';
import { QueriedItem } from '../campaigns/components/QueriedItem';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { usePopup } from './api/get-popup';
import { PopupForm } from './components/PopupForm';
import { documentOf } from './popup-document';
import { usePopupSave } from './use-popup-save';

/** /posts/{id}/update (update_posts): the saved popup in the editor; saving sends the whole document. */
export default function PopupUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('popup');
  const save = usePopupSave(id);
  const popup = usePopup(id);
  return (
    <>
      <PageHeader title={t('popups.update.title')} description={t('popups.update.description')} />
      <QueriedItem query={popup} onBack={save.onCancel}>
        {(saved) => (
          // A live item's edits are saved beside it: the bar says so and publishes or discards them.
          <Stack gap="6">
            <LifecycleBar calls={POPUP_SCREENS.lifecycle} subject={POPUP_SCREENS.subject} item={saved} />
            <PopupForm
              key={`${saved._id}:${saved.updatedAt}`}
              mode="update"
              defaultValues={documentOf(saved)}
              options={options}
              submitLabel={t('editor.save')}
              {...save}
            />
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}
