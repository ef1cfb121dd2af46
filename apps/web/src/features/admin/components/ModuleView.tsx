import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import type { AdminModule } from '@/features/admin/modules';
import { AccountModule } from './account/AccountModule';
import { AccountsModule } from './accounts/AccountsModule';
import { AuditModule } from './audit/AuditModule';
import { BundlesModule } from './bundles/BundlesModule';
import { DashboardModule } from './dashboard/DashboardModule';
import { FilesModule } from './files/FilesModule';
import { KeysModule } from './keys/KeysModule';
import { MountsModule } from './mounts/MountsModule';
import { PastesModule } from './pastes/PastesModule';
import { RequestsModule } from './requests/RequestsModule';
import { SettingsModule } from './settings/SettingsModule';
import { StorageModule } from './storage/StorageModule';

/** The open module, titled "<module> - Pastebox" (SPEC §2). */
export function ModuleView({ module }: { module: AdminModule }) {
  const { t } = useTranslation();
  const title = t(module.titleKey);
  usePageTitle(title);
  switch (module.id) {
    case 'text-management':
      return <PastesModule title={title} />;
    case 'key-management':
      return <KeysModule title={title} />;
    case 'accounts':
      return <AccountsModule title={title} />;
    case 'audit':
      return <AuditModule title={title} />;
    case 'settings':
      return <SettingsModule title={title} />;
    case 'file-management':
      return <FilesModule title={title} />;
    case 'bundles':
      return <BundlesModule title={title} />;
    case 'file-requests':
      return <RequestsModule title={title} />;
    case 'storage-config':
      return <StorageModule title={title} />;
    case 'mount-management':
      return <MountsModule title={title} />;
    case 'dashboard':
      return <DashboardModule title={title} />;
    case 'account':
      return <AccountModule title={title} />;
  }
}
