import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from 'shared-ui';

/** Renders the host's screens at their paths (`routes`: path → element), the router opened at `url`. */
export const renderRoutesAt = (url: string, routes: Record<string, ReactElement>) =>
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
