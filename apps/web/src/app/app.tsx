import '@mantine/core/styles.css';
import './focus-ring.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../shared/auth/auth-provider.js';
import { colorSchemeManager } from '../shared/theme/color-scheme-storage.js';
import { DEFAULT_COLOR_SCHEME } from '../shared/theme/device-color-scheme.js';
import { createQueryClient } from './query-client.js';
import { createAppRouter } from './router.js';
import { cssVariablesResolver, theme } from './theme.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
