import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { BUNDLE_TITLE_MAX_LENGTH, type BundleDetail } from '@pastebox/contract/schemas/bundle';
import { useTranslation } from 'react-i18next';
import { useUpdateBundle } from '@/features/admin/api/update-bundle';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import {
  ExpiryField,
  MaxViewsField,
  NewPasswordField,
  PasswordChoiceField,
  SlugField,
} from '@/features/admin/components/shared/ShareEditFields';
import { useShareEditForm } from '@/features/admin/components/shared/use-share-edit-form';
import {
  BUNDLE_EXPIRY_CHOICES,
  initialBundleEditValues,
  toBundleUpdateBody,
  validateBundleEdit,
} from './bundle-edit-form';

/** Title, link suffix, password, expiry and view limit of one bundle. */
export function BundleEditForm({ bundle, onDone }: { bundle: BundleDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { values, field, submit, saving } = useShareEditForm({
    ns: 'bundles',
    id: bundle.id,
    update: useUpdateBundle(),
    initial: () => initialBundleEditValues(bundle),
    validate: validateBundleEdit,
    toBody: (current) => toBundleUpdateBody(bundle, current),
    onDone,
    errorParams: { max: BUNDLE_TITLE_MAX_LENGTH },
  });
  const expiryOptions = BUNDLE_EXPIRY_CHOICES.map((hours) => ({
    value: hours,
    label: t(`bundles.edit.expiry.h${hours}`),
  }));
  const title = field('title');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            data-autofocus
            label={t('bundles.form.title')}
            placeholder={t('bundles.form.titlePlaceholder')}
            value={title.value}
            error={title.error}
            maxLength={BUNDLE_TITLE_MAX_LENGTH + 10}
            onChange={(event) => title.onChange(event.currentTarget.value)}
          />
          <SlugField {...field('slug')} />
          <PasswordChoiceField hasPassword={bundle.has_password} {...field('passwordChoice')} />
          <ExpiryField expiresAt={bundle.expires_at} options={expiryOptions} {...field('expiry')} />
        </SimpleGrid>
        {values.passwordChoice === 'set' && <NewPasswordField {...field('password')} />}
        <MaxViewsField views={bundle.views} {...field('maxViews')} />
        <FormButtons onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
