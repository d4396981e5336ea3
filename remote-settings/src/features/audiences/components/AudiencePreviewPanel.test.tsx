import { screen } from '@testing-library/react';
import { initTestI18n, renderScreen } from '../../websites/test-utils';
import { AudiencePreviewPanel } from './AudiencePreviewPanel';
import type { AudiencePreview } from '../use-audience-preview';

beforeAll(() => initTestI18n());

const empty: AudiencePreview = {
  docs: [],
  total: 0,
  page: 1,
  setPage: () => undefined,
  loading: false,
  error: null,
  fieldErrors: {},
  incomplete: false,
  reload: () => undefined,
};

test('no condition and nobody on the website yet: it says so, not "0 matching people" under "everyone matches"', () => {
  const { unmount } = renderScreen(<AudiencePreviewPanel preview={empty} everyone />);
  expect(screen.getByTestId('audience-preview-count')).toHaveTextContent('Nobody on this website yet');
  expect(screen.queryByText(/0 matching people/)).toBeNull();
  unmount();
  // With conditions, nobody matching them is what the count says.
  renderScreen(<AudiencePreviewPanel preview={empty} />);
  expect(screen.getByTestId('audience-preview-count')).toHaveTextContent('0 matching people');
  expect(screen.getByText('Nobody matches these rules')).toBeInTheDocument();
});
