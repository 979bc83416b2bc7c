import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above a list. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      mb="md"
      maw={420}
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
