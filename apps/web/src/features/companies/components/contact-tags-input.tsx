import { isContactEmail } from '@app/shared/schemas/businesses';
import { Pill, TagsInput, type TagsInputProps } from '@mantine/core';

/**
 * The company's contact addresses as tags (spec 1 §5): an address that is not a valid e-mail is
 * shown as a red pill and named in the field's error, and the form's schema refuses it.
 */
export function ContactTagsInput({ value = [], error, ...props }: TagsInputProps & { value?: string[] }) {
  const invalid = value.filter((address) => !isContactEmail(address));
  const message = error && invalid.length > 0 ? `${error}: ${invalid.join(', ')}` : error;
  return (
    <TagsInput
      value={value}
      error={message}
      splitChars={[',', ';', ' ']}
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar todos los contactos' }}
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
