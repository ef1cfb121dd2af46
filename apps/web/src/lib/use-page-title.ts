import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<title> - Pastebox" (SPEC §2: translated per route). */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product;
  }, [title, product]);
}
