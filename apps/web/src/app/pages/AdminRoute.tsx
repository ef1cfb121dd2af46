import { AdminPage } from '@/features/admin/components/AdminPage';
import { LoginScreen } from '@/features/auth/components/LoginScreen';

/** /admin and /admin/:module: the panel, or the login screen while nobody is signed in. */
export function AdminRoute() {
  return <AdminPage signIn={<LoginScreen />} />;
}
