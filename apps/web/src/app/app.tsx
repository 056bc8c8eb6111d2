import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { StartState } from './bootstrap';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App({ start }: { start: StartState }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers theme={start.theme} locale={start.antdLocale} configError={start.configError}>
      <RouterProvider router={router} />
    </Providers>
  );
}
