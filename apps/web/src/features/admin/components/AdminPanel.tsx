import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { allowedModules, findModule, landingModule } from '@/features/admin/modules';
import { ForbiddenModule } from './ForbiddenModule';
import { ModuleView } from './ModuleView';
import { NoPermissionNotice } from './NoPermissionNotice';
import { PanelLayout } from './layout/PanelLayout';

/**
 * Route guard of SPEC §6 for a signed-in user: a key without any of the text, file or mount
 * permissions goes Home with a notice; /admin and an unknown module lead to the landing module
 * (dashboard for the admin, the first allowed one for keys), silently. A module the key may
 * not use, opened by its address, is not swapped for another in silence: the panel says why
 * and links the modules the key may use.
 * AdminPage renders it for a key only once the check of entering the route has answered, so
 * it decides on the server's permissions, not on stored ones that may be stale.
 */
export function AdminPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { authType, permissions } = useAuth();
  const { module: requested } = useParams();
  const modules = allowedModules(authType, permissions);
  const landing = landingModule(authType, modules);

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
  const known = findModule(requested);
  if (!known) {
    return <Navigate to={`/admin/${landing}`} replace />;
  }
  const allowed = modules.some((module) => module.id === known.id);
  return (
    <PanelLayout modules={modules} current={known}>
      {allowed ? (
        <ModuleView module={known} />
      ) : (
        <ForbiddenModule module={known} allowed={modules} />
      )}
    </PanelLayout>
  );
}
