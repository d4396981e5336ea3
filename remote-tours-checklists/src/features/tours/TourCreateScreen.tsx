import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { tourKind, type TourBody } from 'contracts';
import { PageHeader, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { workspaceOfCreateRoute } from 'shared-content';
import { useCreateTour } from './api/create-tour';
import { useUpdateTour } from './api/update-tour';
import { TourForm } from './components/TourForm';
import { newTourValues } from './tour-document';
import { useTourOptions } from './tour-options';

/**
 * /tour/{id}/create (create_tour): a new tour in workspace {id} (/tour/create: in none), from the
 * default settings. The create call takes no body: saving creates the draft, then saves what was
 * written into it, and opens it for editing (where it is published). A save that failed after the
 * draft was made saves into that same draft when tried again.
 */
export default function TourCreateScreen() {
  const { t } = useTranslation('toursChecklists');
  const { id } = useParams();
  const navigate = useNavigate();
  const workspace = workspaceOfCreateRoute(id);
  const options = useTourOptions();
  const { mutateAsync: create } = useCreateTour();
  const { mutateAsync: update } = useUpdateTour();
  const created = useRef<string | null>(null);
  const defaults = useMemo(() => newTourValues(workspace), [workspace]);
  const onSubmit = async (body: TourBody) => {
    if (!created.current) created.current = (await create({ query: workspace ? { workSpace: workspace } : {} })).data._id;
    const tourId = created.current;
    const saved = await update({ params: { id: tourId }, body });
    toaster.create({ type: 'success', title: saved.message });
    navigate(`${tourKind.screens.basePath}/${tourId}/update`);
  };
  return (
    <>
      <PageHeader title={t('tours.create.title')} description={t('tours.create.description')} />
      <TourForm
        defaultValues={defaults}
        options={options}
        submitLabel={t('tours.create.submit')}
        onSubmit={onSubmit}
        onFailure={(error) => toaster.create({ type: 'error', title: errorMessage(error, t('messages.tourUpdateFailed')) })}
        onCancel={() => navigate(tourKind.screens.basePath)}
      />
    </>
  );
}
