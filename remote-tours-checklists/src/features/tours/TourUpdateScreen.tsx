import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { BarChart3 } from 'lucide-react';
import type { TourBody } from 'contracts';
import { Button, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { SavedItemScreen } from 'shared-content';
import { useTour } from './api/get-tour';
import { useUpdateTour } from './api/update-tour';
import { useItemTexts } from './components/QueriedItem';
import { TourForm } from './components/TourForm';
import { TOUR_SCREENS } from './kinds';
import { bodyOf } from './tour-document';
import { useTourOptions } from './tour-options';

/**
 * /tour/{id}/update (update_tour): the saved tour in the editor, under its lifecycle bar (publish,
 * schedule, unpublished changes). Saving stays here: a live tour's edits wait beside it until
 * published. 'Error while updating tour' when the server gives no message.
 */
export default function TourUpdateScreen() {
  const { t } = useTranslation('toursChecklists');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const options = useTourOptions();
  const tour = useTour(id);
  const texts = useItemTexts();
  const { mutateAsync: update } = useUpdateTour();
  const onSubmit = async (body: TourBody) => {
    const saved = await update({ params: { id }, body });
    toaster.create({ type: 'success', title: saved.message });
  };
  const toList = () => navigate(TOUR_SCREENS.basePath);
  const actions = (
    <>
      <Button asChild variant="outline" size="sm">
        <RouterLink to={`/pretour?tour=${id}`} data-testid="tour-build-on-site">
          {t('pretour.build')}
        </RouterLink>
      </Button>
      <Button asChild variant="outline" size="sm">
        <RouterLink to={`${TOUR_SCREENS.basePath}/${id}/view`} data-testid="tour-open-view">
          <BarChart3 size={14} aria-hidden />
          {t('tours.update.openView')}
        </RouterLink>
      </Button>
    </>
  );
  return (
    <SavedItemScreen kind={TOUR_SCREENS} query={tour} texts={texts} onBack={toList} actions={actions}>
      {(saved) => (
        <TourForm
          defaultValues={bodyOf(saved)}
          options={options}
          submitLabel={t('tours.update.submit')}
          onSubmit={onSubmit}
          onFailure={(error) => toaster.create({ type: 'error', title: errorMessage(error, t('messages.tourUpdateFailed')) })}
          onCancel={toList}
        />
      )}
    </SavedItemScreen>
  );
}
