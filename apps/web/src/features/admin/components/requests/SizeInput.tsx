import { Box, Group, NumberInput, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sizeUnitLabel } from '@/lib/uploader/format';
import { SIZE_UNITS, type SizeUnit, type SizeValue } from './size-units';

/** A size limit: an amount (empty = none) and its binary unit, side by side. */
export function SizeInput({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description: string;
  value: SizeValue;
  error: string | undefined;
  onChange: (value: SizeValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder={t('fileRequests.form.noLimit')}
      min={0}
      decimalScale={2}
      allowNegative={false}
      value={value.amount}
      error={error}
      onChange={(amount) => onChange({ ...value, amount })}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="center">
          <Box flex={1} miw={0}>
            {input}
          </Box>
          <Select
            aria-label={t('fileRequests.form.unitOf', { field: label })}
            data={SIZE_UNITS.map((unit) => ({ value: unit, label: sizeUnitLabel(unit) }))}
            value={value.unit}
            allowDeselect={false}
            w={92}
            onChange={(unit) => onChange({ ...value, unit: (unit ?? value.unit) as SizeUnit })}
          />
        </Group>
      )}
    />
  );
}
