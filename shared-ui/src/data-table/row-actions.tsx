import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { HStack, IconButton } from '@chakra-ui/react';

/** One icon button of a row's Action column (view, edit, delete, duplicate, cancel…). */
export interface RowAction {
  /** Accessible name (also the button's title), e.g. "Delete Summer sale". */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** Renders the button as this element (a router link) around the icon, instead of a button. */
  link?: ReactElement<{ children?: ReactNode }>;
  tone?: 'danger';
  testId?: string;
  /** Left out when true (the user may not do it, or not on this row). */
  hidden?: boolean;
}

export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <HStack gap="1" justify="flex-end">
      {actions
        .filter((a) => !a.hidden)
        .map((a) => (
          <IconButton
            key={a.testId ?? a.label}
            asChild={Boolean(a.link)}
            size="xs"
            variant="ghost"
            colorPalette={a.tone === 'danger' ? 'red' : undefined}
            aria-label={a.label}
            title={a.label}
            data-testid={a.testId}
            onClick={a.link ? undefined : a.onClick}
          >
            {a.link ? cloneElement(a.link, {}, a.icon) : a.icon}
          </IconButton>
        ))}
    </HStack>
  );
}
