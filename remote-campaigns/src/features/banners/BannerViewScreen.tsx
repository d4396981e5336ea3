import { ContentViewScreen } from '../campaigns/components/ContentViewScreen';
import { BANNER_SCREENS } from '../campaigns/kinds';
import { useBanner } from './api/get-banner';
import { documentOf } from './banner-document';
import { BannerForm } from './components/BannerForm';

/** /banners/{id}/view (get_banners): the banner read-only with its preview, comments and reactions. */
export default function BannerViewScreen() {
  return (
    <ContentViewScreen
      kind={BANNER_SCREENS}
      useItem={useBanner}
      feedbackOf={(banner) => ({ _id: banner._id, title: banner.titleOfBanner, commentCount: banner.commentCount, reactCount: banner.reactCount })}
    >
      {(banner, view) => <BannerForm key={banner._id} {...view} defaultValues={documentOf(banner)} />}
    </ContentViewScreen>
  );
}
