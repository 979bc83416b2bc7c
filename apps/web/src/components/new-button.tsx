import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

type NewButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/** The '+ Nuevo' button that opens a create form; the plus shrinks with an 'xs' button. */
export function NewButton({ children = 'Nuevo', size, ...props }: NewButtonProps) {
  return (
    <Button size={size} leftSection={<IconPlus size={size === 'xs' ? 14 : 16} />} {...props}>
      {children}
    </Button>
  );
}
