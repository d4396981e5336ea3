import { ContentViewScreen } from '../campaigns-common/components/ContentViewScreen';
import { BANNERS } from '../campaigns-common/resources';
import { getBanner } from './api/get-banner';
import { documentOf } from './banner-document';
import { BannerForm } from './components/BannerForm';

/** /banners/{id}/view (get_banners): the banner read-only with its preview, comments and reactions. */
export default function BannerViewScreen() {
  return (
    <ContentViewScreen
      resource={BANNERS}
      load={getBanner}
      feedbackOf={(banner) => ({ _id: banner._id, title: banner.titleOfBanner, commentCount: banner.commentCount, reactCount: banner.reactCount })}
    >
      {(banner, view) => <BannerForm key={banner._id} {...view} defaultValues={documentOf(banner)} />}
    </ContentViewScreen>
  );
}
