import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above a list. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  mb = 'md',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Space below; 0 when it sits in a row of filters. */
  mb?: string | number;
}) {
  return (
    <TextInput
      mb={mb}
      maw={420}
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
