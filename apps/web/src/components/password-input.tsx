import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's password field as every form uses it: the eye button is in the tab order and named in
 * Spanish, 'Mostrar clave' (its pressed state says whether the password shows; 'clave' keeps its
 * name apart from the field's own label 'Contraseña'), and a field with an error is marked
 * `aria-invalid` like the other inputs (Mantine's password field leaves it out).
 */
export function PasswordInput(props: PasswordInputProps) {
  return (
    <MantinePasswordInput
      visibilityToggleFocusable
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar clave', ...props.visibilityToggleButtonProps }}
    />
  );
}
