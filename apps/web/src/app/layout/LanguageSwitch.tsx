import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n';

/** Switches between zh-CN and en-US; i18next's detector keeps the choice under `language`. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconLanguage size={16} />}
          aria-label={`${t('nav.language')}: ${t(`language.${active}`)}`}
          px="sm"
        >
          {t(`language.${active}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SUPPORTED_LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => void i18n.changeLanguage(lng)}
            fw={lng === active ? 700 : 400}
            lang={lng}
          >
            {t(`language.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
