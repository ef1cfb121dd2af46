import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { allowedModules, DEFAULT_ADMIN_MODULE, type AdminModule } from '@/features/admin/modules';
import { ModuleView } from './ModuleView';
import { NoPermissionNotice } from './NoPermissionNotice';
import { PanelLayout } from './layout/PanelLayout';

/**
 * Route guard of SPEC §6 for a signed-in user: a key without any of the text, file or mount
 * permissions goes Home with a notice; /admin, an unknown module or one the caller may not
 * open lead to the landing module (dashboard for the admin, the first allowed one for keys).
 * AdminPage renders it for a key only once the check of entering the route has answered, so
 * it decides on the server's permissions, not on stored ones that may be stale.
 */
export function AdminPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { authType, permissions } = useAuth();
  const { module: requested } = useParams();
  const modules = allowedModules(authType, permissions);
  const landing = authType === 'admin' ? DEFAULT_ADMIN_MODULE : modules[0]?.id;

  useEffect(() => {
    if (landing === undefined) {
      notifications.show({
        id: 'admin-no-permission',
        color: 'orange',
        title: t('admin.noPermissionTitle'),
        autoClose: 10_000,
        message: <NoPermissionNotice />,
      });
      void navigate('/', { replace: true });
    }
  }, [landing, navigate, t]);

  if (landing === undefined) {
    return null;
  }
  const current: AdminModule | undefined = modules.find((module) => module.id === requested);
  if (!current) {
    return <Navigate to={`/admin/${landing}`} replace />;
  }
  return (
    <PanelLayout modules={modules} current={current}>
      <ModuleView module={current} />
    </PanelLayout>
  );
}
