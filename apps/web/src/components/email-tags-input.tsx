import { isContactEmail } from '@app/shared/schemas/businesses';
import { Pill, TagsInput, type TagsInputProps } from '@mantine/core';

/**
 * E-mail addresses as tags (a company's contacts; an e-mail's recipients): an
 * address that is not a valid e-mail is shown as a red pill and named in the field's error, and
 * the form's schema refuses it. `clearLabel` names the clear-all button for screen readers.
 */
export function EmailTagsInput({
  value = [],
  error,
  clearLabel,
  ...props
}: TagsInputProps & { value?: string[]; clearLabel: string }) {
  const invalid = value.filter((address) => !isContactEmail(address));
  const message = error && invalid.length > 0 ? `${error}: ${invalid.join(', ')}` : error;
  return (
    <TagsInput
      value={value}
      error={message}
      splitChars={[',', ';', ' ']}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel, 'aria-hidden': false, tabIndex: 0 }}
      renderPill={({ value: address, onRemove, disabled }) => {
        const bad = !isContactEmail(address ?? '');
        return (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            removeButtonProps={{ 'aria-label': `Quitar ${address}`, 'aria-hidden': false }}
            data-invalid={bad || undefined}
            title={bad ? 'No es un email válido' : undefined}
            bg={bad ? 'red.1' : undefined}
            c={bad ? 'red.9' : undefined}
            style={bad ? { boxShadow: 'inset 0 0 0 1px var(--mantine-color-red-6)' } : undefined}
          >
            {address}
          </Pill>
        );
      }}
      {...props}
    />
  );
}
