import { Box, Center, Container, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { PwaPrompts } from '@/features/pwa/components/PwaPrompts';
import { useAuthRevalidation } from '@/lib/auth/use-auth-revalidation';
import { Footer } from './Footer';
import { Header } from './Header';

/** The frame of every screen: header, the routed page, footer. */
export function AppLayout() {
  const navigation = useNavigation();
  useAuthRevalidation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Container
        component="main"
        id="main"
        size="xl"
        w="100%"
        py="lg"
        style={{ flex: 1 }}
        aria-busy={navigation.state === 'loading'}
      >
        <Suspense
          fallback={
            <Center py="xl">
              <Loader />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
      <PwaPrompts />
    </Box>
  );
}
